/// An entry whose `type` is not the one the recorder writes for its action: `log --type`,
/// `find` and every listing show the written one, so they misname the step.
struct MislabelledAction: Equatable, Sendable {
    /// The entry's 1-based line.
    let line: Int
    /// The entry's `seq`.
    let seq: Int
    /// The `type` the entry writes.
    let written: String
    /// The `type` the recorder writes for the entry's action.
    let recorded: String
}

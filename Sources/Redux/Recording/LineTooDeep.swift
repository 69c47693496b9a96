/// Thrown instead of appending a line nested deeper than ``RecordingFormat/maximumDepth``,
/// which the inspector would refuse, so that the writer can leave out the state.
struct LineTooDeep: Error, Equatable, CustomStringConvertible {
    /// Arrays and objects open at once at the line's deepest point, its own object included.
    let depth: Int
    /// The most a line may have.
    let limit: Int

    var description: String {
        "the line would nest \(depth) arrays and objects, more than the \(limit) redux-inspect reads"
    }
}

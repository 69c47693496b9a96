import Redux

/// What a walk over the steps (``Timeline/walk(_:projecting:projectingText:_:)``) reads of
/// each state from its text, without a tree: a value made from the parts of the text at a few
/// paths.
///
/// Since only those parts are read, a replayed state is encoded only as far as they need
/// (`KeptPaths`): encoding a whole state costs several times running its action through the
/// reducer, and `blame cart.total` over a million replayed steps spent nine tenths of its
/// time writing members it never read. A state that cannot be encoded where the paths do
/// not go is therefore read without a word, where a whole encoding would have failed: the
/// command answers about its paths, and `diff` or `show` of the step says what is wrong.
struct StateTextReading<Value: Sendable>: Sendable {
    /// What a replayed state's text keeps: the members on the way to the paths, and all of
    /// the values at their ends.
    let keptPaths: KeptPaths
    /// The value from a state's text, which holds at least the parts at the paths; `nil`
    /// where the text cannot say, for the walk to make the state a tree instead.
    let read: @Sendable (StateText) -> Value?

    /// Reads `read` from the parts of a state's text at `paths`, which must be all it reads.
    init(paths: [RawJSON.SkeletonPath], read: @escaping @Sendable (StateText) -> Value?) {
        keptPaths = KeptPaths(paths.map(\.leadingKeys))
        self.read = read
    }
}

extension RawJSON.SkeletonPath {
    /// The member names the path starts with: what an encoding must keep of the way to it.
    /// An index or an id ends them, as the value it selects in depends on the whole array.
    var leadingKeys: [String] {
        var keys: [String] = []
        for component in components {
            guard case .key(let key) = component else { break }
            keys.append(key)
        }
        return keys
    }
}

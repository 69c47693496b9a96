extension RawJSON {
    /// The end of the array or object whose bracket is at `start`, inside `depth` containers:
    /// the offset after the bracket that closes it (brackets of either kind count, outside
    /// strings). Throws when the text ends first, or when more containers would be open at once
    /// than ``maximumDepth`` allows.
    ///
    /// The recording indexer's 8-bytes-at-a-time skim
    /// (``TopLevelMembers/Skim/containerEnd(from:deepest:)``), with the parser's nesting limit.
    func containerEnd(from start: Int, depth: Int) throws(Malformed) -> Int {
        let skim = TopLevelMembers.Skim(base: base, count: count)
        guard let end = skim.containerEnd(from: start, deepest: maximumDepth - depth) else { throw Malformed() }
        return end
    }
}

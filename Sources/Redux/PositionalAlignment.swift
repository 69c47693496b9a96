/// How two arrays that are not matched by id line up, shared by the inspector's tree diff and
/// byte-level diff, and the console logger, so that all of them name the same changes.
///
/// Arrays of the same length are compared index by index. When the lengths differ, the
/// elements at the start that are unchanged, and those at the end, are set aside first, and
/// the part between is compared index by index, its longer side's extra elements added or
/// removed where that part ends. An element put in at the front of a list of tags, or taken
/// out of its middle, is then one `+` or `-` line, not a change at every index after it, and a
/// JSON Patch still rebuilds the new array.
package enum PositionalAlignment {
    /// How many elements at the start, and how many at the end, are unchanged and set aside:
    /// none for arrays of the same length.
    ///
    /// - Parameters:
    ///   - oldCount: The old array's length.
    ///   - newCount: The new array's length.
    ///   - unchanged: Whether the old element at the first index and the new one at the
    ///     second are the same to the diff (they would show no change); asked about the
    ///     elements in from each end until it says no.
    /// - Returns: The counts; `prefix + suffix` is at most the shorter length.
    package static func trimmed<E: Error>(
        oldCount: Int, newCount: Int, unchanged: (Int, Int) throws(E) -> Bool
    ) throws(E) -> (prefix: Int, suffix: Int) {
        guard oldCount != newCount else { return (0, 0) }
        let shorter = min(oldCount, newCount)
        var prefix = 0
        while prefix < shorter, try unchanged(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, try unchanged(oldCount - 1 - suffix, newCount - 1 - suffix) { suffix += 1 }
        return (prefix, suffix)
    }
}

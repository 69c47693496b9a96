extension Array {
    /// Removes the elements from position `count` on: what one level of a walk pushed onto a
    /// stack that all levels share.
    ///
    /// A loop of `removeLast()`, because `removeLast(_:)` goes through the general
    /// `replaceSubrange`, which costs more than the few elements a level pushes.
    @inline(__always)
    mutating func truncate(to count: Int) {
        while self.count > count { removeLast() }
    }
}

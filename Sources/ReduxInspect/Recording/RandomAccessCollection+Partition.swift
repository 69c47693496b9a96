extension RandomAccessCollection {
    /// The index of the first element for which `isAtOrPast` holds, by binary search, in a
    /// collection where it holds for a suffix of the elements (`endIndex` when for none).
    func partitionIndex(atOrPast isAtOrPast: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if isAtOrPast(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}

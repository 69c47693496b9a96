extension Int {
    /// `self + other`, or `Int.max` when that is more: counts and seqs read from a file can be
    /// as large as an `Int` holds, and adding them must not trap.
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

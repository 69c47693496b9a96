/// Thrown instead of appending a line nested deeper than ``RecordingFormat/maximumDepth``,
/// which the inspector would refuse, so that the writer can leave out the state.
struct LineTooDeep: Error, Equatable, CustomStringConvertible {
    /// Arrays and objects open at once at the line's deepest point, its own object included.
    let depth: Int
    /// The most a line may have.
    let limit: Int
    /// Whether encoding stopped as soon as the line was sure to be too deep, so that `depth`
    /// is only how deep it had gone: a long chain of indirect enum cases, encoded to its end,
    /// would overflow the writer thread's stack first.
    var isLowerBound = false

    var description: String {
        isLowerBound
            ? "the line would nest more than the \(limit) arrays and objects redux-inspect reads"
            : "the line would nest \(depth) arrays and objects, more than the \(limit) redux-inspect reads"
    }

    /// The error for a value found nested in `containers` arrays and objects of a line whose
    /// own object is one more, when that is already more than `limit`: encoding stops there.
    static func stopped(inside containers: Int, limit: Int) -> LineTooDeep {
        LineTooDeep(depth: containers + 1, limit: limit, isLowerBound: true)
    }
}

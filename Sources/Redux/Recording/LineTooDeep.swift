/// Thrown instead of appending a line nested deeper than ``RecordingFormat/maximumDepth``,
/// which the inspector would refuse, so that the writer can leave out the state.
struct LineTooDeep: Error, Equatable, CustomStringConvertible {
    /// Arrays and objects open at once at the line's deepest point, its own object included.
    let depth: Int
    /// The most a line may have.
    let limit: Int
    /// Why encoding stopped before the end of the value: a long chain of indirect enum cases,
    /// encoded to its end, would overflow the writer thread's stack first.
    var stop = Stop.none

    /// Where encoding stopped, when it did.
    enum Stop: Equatable {
        /// It did not: `depth` is the line's.
        case none
        /// As soon as the line was sure to be too deep: `depth` is how deep it had gone.
        case tooDeep
        /// At `nesting` values one inside the other, most of them adding no array or object
        /// (wrappers, single values), more than the recorder follows whatever the depth.
        case tooManyNestedValues(Int)
    }

    var description: String {
        switch stop {
        case .none:
            "the line would nest \(depth) arrays and objects, more than the \(limit) redux-inspect reads"
        case .tooDeep:
            "the line would nest more than the \(limit) arrays and objects redux-inspect reads"
        case .tooManyNestedValues(let nesting):
            "the value nests more than \(nesting) values one inside another (single-value wrappers "
                + "included), more than the recorder follows"
        }
    }

    /// Stops the encoding of a value before its own `encode(to:)` recurses further, when it
    /// lies inside `containers` arrays and objects of a line whose own object is one more, and
    /// that is already more than `limit`; or when it is `nesting` values deep, wrappers and
    /// single values included (``maximumNesting(forDepth:)``), which cost stack too.
    ///
    /// - Parameter limit: The line's limit (``RecordingFormat/maximumDepth``), or `nil` for
    ///   none: encoders that inspectors use go as deep as the value does.
    static func check(containers: Int, nesting: Int, limit: Int?) throws(LineTooDeep) {
        guard let limit else { return }
        guard containers < limit else { throw LineTooDeep(depth: containers + 1, limit: limit, stop: .tooDeep) }
        guard nesting < maximumNesting(forDepth: limit) else {
            throw LineTooDeep(depth: 0, limit: limit, stop: .tooManyNestedValues(nesting))
        }
    }

    /// The most values one inside another that the recorder encodes, for lines that may nest
    /// `depth` arrays and objects: several for each level, since wrappers and single values
    /// add none, and few enough for the writer thread's stack
    /// (``RecordWriter/threadStackSize``) in a debug build.
    static func maximumNesting(forDepth depth: Int) -> Int { 8 * depth }
}

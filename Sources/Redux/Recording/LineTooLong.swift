/// Thrown instead of appending a line longer than the limit it was encoded for, so that the
/// writer can leave out the state (or the entry) and the inspector can read every line.
struct LineTooLong: Error, Equatable {
    /// The line's length in bytes, without its newline.
    let length: Int
    /// The most bytes the line could have had.
    let limit: Int
}


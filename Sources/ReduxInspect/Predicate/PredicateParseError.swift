/// Why a predicate's text could not be read: what was expected, and where.
///
/// ```swift
/// do {
///     _ = try Predicate(parsing: "cart.total >")
/// } catch {
///     print(error)   // expected a path or a JSON value after ">" at column 13
/// }
/// ```
public struct PredicateParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, a lower-case sentence fragment such as `expected ")"`.
    public let message: String
    /// The 1-based column, in Unicode scalars, where the text stops making sense; one past the
    /// end when the text ends too early.
    public let column: Int

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - column: The 1-based column.
    public init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// `expected ")" at column 8`.
    public var description: String { "\(message) at column \(column)" }
}

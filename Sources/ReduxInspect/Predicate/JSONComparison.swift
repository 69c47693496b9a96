/// How predicates compare JSON values: numbers by their exact value, strings by Unicode code
/// points, everything else structurally.
///
/// This differs from `JSONValue`'s `==`, which compares numbers by their text (a diff must show
/// `1` → `1.0`); a predicate asks what the state means, so `cart.total == 25` holds for `25.00`.
public enum JSONComparison {
    /// Whether two values are equal: numbers by value, strings exactly, arrays element by
    /// element in order, objects by their members whatever their order.
    ///
    /// - Parameters:
    ///   - lhs: One value.
    ///   - rhs: The other.
    /// - Returns: `true` when they mean the same value.
    public static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)):
            return left.text == right.text || ExactDecimal(left) == ExactDecimal(right)
        case (.string(let left), .string(let right)): return left == right
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            return left.members.allSatisfy { member in
                right[member.key].map { equal(member.value, $0) } ?? false
            }
        default: return false
        }
    }

    /// The order of two numbers or two strings, or `nil` for any other pair (they are not
    /// ordered, so `<`, `<=`, `>` and `>=` are all false).
    ///
    /// - Parameters:
    ///   - lhs: One value.
    ///   - rhs: The other.
    /// - Returns: -1, 0 or 1 when `lhs` is less than, equal to or greater than `rhs`.
    public static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        switch (lhs, rhs) {
        case (.number(let left), .number(let right)):
            if left.text == right.text { return 0 }
            let (a, b) = (ExactDecimal(left), ExactDecimal(right))
            return a < b ? -1 : (a == b ? 0 : 1)
        case (.string(let left), .string(let right)):
            let (a, b) = (left.unicodeScalars, right.unicodeScalars)
            if a.elementsEqual(b) { return 0 }
            return a.lexicographicallyPrecedes(b, by: { $0.value < $1.value }) ? -1 : 1
        default:
            return nil
        }
    }
}

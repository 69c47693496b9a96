extension Predicate {
    /// Whether the predicate holds in a state.
    ///
    /// - A comparison whose operand has no value — a path that is not in the state, a `.count`
    ///   of a number, `true`, `false` or `null` — is false, whatever the operator, `!=` included;
    ///   so `!(cart.total == 0)` holds when there is no `cart.total`, and `cart.total != 0` does
    ///   not.
    /// - `==` and `!=` compare structurally; numbers by exact value (`2.5 == 2.50`), objects
    ///   whatever their member order (``JSONComparison/equal(_:_:)``).
    /// - `<`, `<=`, `>`, `>=` order two numbers by value, or two strings by Unicode code points;
    ///   for any other pair of types they are false.
    /// - `PATH.count` is the number of elements of an array, members of an object or characters
    ///   of a string; when the object at PATH has a member named `count`, it is that member
    ///   (write `count(PATH)` for the size regardless, `PATH["count"]` for the member regardless).
    /// - `exists(PATH)` holds when the state has a value at PATH, `null` included.
    ///
    /// - Parameter state: The state (or any JSON value).
    /// - Returns: `true` when the predicate holds.
    public func holds(in state: JSONValue) -> Bool {
        switch self {
        case .comparison(let left, let operation, let right):
            guard let lhs = left.value(in: state), let rhs = right.value(in: state) else { return false }
            return operation.compare(lhs, rhs)
        case .exists(let path):
            return state.value(at: path) != nil
        case .not(let inner):
            return !inner.holds(in: state)
        case .and(let left, let right):
            return left.holds(in: state) && right.holds(in: state)
        case .or(let left, let right):
            return left.holds(in: state) || right.holds(in: state)
        }
    }
}

extension Predicate.Operand {
    /// The operand's value in a state, or `nil` when it has none.
    ///
    /// - Parameter state: The state.
    /// - Returns: The value at the path, the size as a number, or the literal.
    public func value(in state: JSONValue) -> JSONValue? {
        switch self {
        case .literal(let value):
            return value
        case .path(let path):
            return state.value(at: path)
        case .count(let path, let member):
            guard let base = state.value(at: path) else { return nil }
            if member, let own = base["count"] { return own }
            let size: Int
            switch base {
            case .array(let elements): size = elements.count
            case .object(let object): size = object.count
            case .string(let string): size = string.count
            case .null, .bool, .number: return nil
            }
            return .number(JSONNumber(String(size)))
        }
    }
}

extension Predicate.ComparisonOperator {
    /// Applies the operator to two values.
    ///
    /// - Parameters:
    ///   - lhs: The left value.
    ///   - rhs: The right value.
    /// - Returns: The comparison's result, as ``Predicate/holds(in:)`` describes.
    public func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch self {
        case .equal: return JSONComparison.equal(lhs, rhs)
        case .notEqual: return !JSONComparison.equal(lhs, rhs)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = JSONComparison.order(lhs, rhs) else { return false }
            switch self {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }
}

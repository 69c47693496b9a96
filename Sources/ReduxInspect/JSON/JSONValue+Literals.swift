// Literal conformances, so tests and examples can write `["id": 42, "name": "Tea", "tags": []]`
// instead of nesting enum cases. Object literals keep their written order. There is deliberately
// no `nil` literal: `cond ? nil : value` would silently become `.null` where an Optional was meant
// (it caused two bugs); write `.null`.

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates `true` or `false`.
    ///
    /// - Parameters:
    ///   - value: The boolean literal.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates a number whose text is the integer in decimal.
    ///
    /// - Parameters:
    ///   - value: The integer literal.
    public init(integerLiteral value: Int) {
        self = .number(JSONNumber(String(value)))
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates a number from a floating-point literal.
    ///
    /// The text is `Double`'s shortest round-trip rendering (`9.99` stays `9.99`). Write
    /// `.number(JSONNumber("1.50"))` when the exact text matters: a literal cannot keep
    /// trailing zeros or values beyond `Double`'s range.
    ///
    /// - Parameters:
    ///   - value: The floating-point literal; must be finite.
    public init(floatLiteral value: Double) {
        precondition(value.isFinite, "JSON has no infinite or NaN numbers")
        self = .number(JSONNumber(String(value)))
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates a string.
    ///
    /// - Parameters:
    ///   - value: The string literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

// Interpolated literals (`"item \(n)"`) are strings too.
extension JSONValue: ExpressibleByStringInterpolation {}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates an array.
    ///
    /// - Parameters:
    ///   - elements: The elements, in order.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates an object whose members keep the literal's order.
    ///
    /// - Parameters:
    ///   - elements: The members, in order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object whose members keep the literal's order.
    ///
    /// - Parameters:
    ///   - elements: The members, in order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}

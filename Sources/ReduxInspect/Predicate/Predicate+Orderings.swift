extension Predicate {
    /// A path ordered (`<`, `<=`, `>`, `>=`) against a number or a string written in the
    /// predicate, as in `cart.total > "10"`.
    public struct LiteralOrdering: Equatable, Sendable {
        /// The path, read whole, or counted.
        public let path: JSONPath
        /// The number or string it is ordered against.
        public let literal: JSONValue
        /// The size of the value at the path, written `.count` (`member: true`) or
        /// `count(PATH)`; `nil` for the value itself.
        public var counted: Bool? = nil

        /// What is ordered: the path, or its size.
        public var operand: Operand {
            counted.map { .count(path, member: $0) } ?? .path(path)
        }
    }

    /// The kinds of value seen at a path, over the states a command has read.
    public struct ValueKinds: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// A number.
        public static let number = ValueKinds(rawValue: 1)
        /// A string.
        public static let string = ValueKinds(rawValue: 2)
        /// `null` or a Bool.
        public static let other = ValueKinds(rawValue: 4)
        /// An object or an array.
        public static let container = ValueKinds(rawValue: 8)

        /// The kind of `value`; none when there is no value.
        public init(of value: JSONValue?) {
            switch value {
            case nil: self = []
            case .number?: self = .number
            case .string?: self = .string
            case .array?, .object?: self = .container
            default: self = .other
            }
        }
    }

    /// Each path ordered against a number or a string literal, once per pair, in order.
    ///
    /// An ordering holds only between two numbers or two strings, so where the path holds
    /// numbers and the literal is a string (`cart.total > "10"`), or the other way round, it
    /// never holds: `bisect` says so when that is why a predicate never held.
    public var literalOrderings: [LiteralOrdering] {
        var found: [LiteralOrdering] = []
        forEachComparison { left, operation, right in
            guard operation != .equal && operation != .notEqual else { return }
            let ordering: LiteralOrdering
            switch (left, right) {
            case (.path(let path), .literal(let literal)), (.literal(let literal), .path(let path)):
                ordering = LiteralOrdering(path: path, literal: literal)
            case (.count(let path, let member), .literal(let literal)), (.literal(let literal), .count(let path, let member)):
                ordering = LiteralOrdering(path: path, literal: literal, counted: member)
            default: return
            }
            guard ValueKinds(of: ordering.literal).isSubset(of: [.number, .string]), !found.contains(ordering) else { return }
            found.append(ordering)
        }
        return found
    }

    /// What to say about `ordering` when its operand (``LiteralOrdering/operand``: the path's
    /// value, or its size) gave only values of `kinds`, or `nil` when they include the
    /// literal's kind (the ordering could hold) or are not all numbers or all strings.
    public func literalOrderingHint(_ ordering: LiteralOrdering, kinds: ValueKinds) -> String? {
        let path = ordering.operand.description
        let rule = "<, <=, > and >= hold only between two numbers or two strings"
        switch (ordering.literal, kinds) {
        case (.string(let text), .number):
            let written = JSONValue.string(text).compactText
            let number = Array(text.utf8).withUnsafeBufferPointer { try? JSONParser.parse($0) }
            let advice = if case .number(let value)? = number { "write \(value)" } else { "compare with a number" }
            let holds = ordering.counted == nil ? "holds numbers" : "is a number"
            return "hint: \(path) \(holds) and \(written) is a string; \(rule): \(advice)"
        case (.number(let value), .string):
            return "hint: \(path) holds strings and \(value) is a number; \(rule): write \(JSONValue.string(value.description).compactText)"
        default:
            return nil
        }
    }
}

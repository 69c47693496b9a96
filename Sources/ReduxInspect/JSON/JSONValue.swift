/// A JSON value exactly as a recording wrote it.
///
/// Unlike `JSONSerialization`, it keeps what a person reading a recording cares about:
/// object members stay in the order they were written, and every number keeps its text
/// (`9.99` stays `9.99`, `1e400` stays `1e400`), so output never shows a binary-float rendering.
///
/// ```swift
/// let value = try JSONParser.parse(#"{"price":9.99}"#)
/// value["price"]   // .number(JSONNumber("9.99"))
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON number, kept as the text it was written with.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text, as it appeared in the input (already validated against RFC 8259).
    public let text: String

    /// Creates a number from text that is assumed to be a valid RFC 8259 number.
    public init(_ text: String) {
        self.text = text
    }

    public var description: String { text }
}

/// A JSON object whose members keep their written order.
///
/// Equality ignores member order: two objects are equal when they hold the same keys with
/// equal values, which is what "the state did not change" means.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    /// One member of an object.
    public typealias Element = (key: String, value: JSONValue)

    /// The members in written order.
    public private(set) var members: [Element]

    /// Creates an object from members in order. Later duplicates of a key are kept as written;
    /// lookups find the first.
    public init(_ members: [Element] = []) {
        self.members = members
    }

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Element { members[position] }

    /// The keys in written order.
    public var keys: [String] { members.map(\.key) }

    /// The first member named `key` (as Swift compares strings, so a key written in another
    /// Unicode normal form too), or `nil`: the one every lookup finds, with the key as written.
    func member(named key: String) -> Element? {
        members.first(where: { $0.key == key })
    }

    /// The value of the first member named `key`, or `nil`.
    public subscript(key: String) -> JSONValue? {
        get { member(named: key)?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
        }
    }

    /// The same members, in any order.
    ///
    /// Each value is compared once: members are walked in order while the keys agree (a
    /// value that differs there is the answer), and only the members after the keys part
    /// ways are matched by key. Comparing a value again on the way to that answer would double
    /// the work at every level of nesting, which a deep state (a tree, an `indirect enum`)
    /// with one leaf changed turns into hours.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        let count = lhs.members.count
        guard count == rhs.members.count else { return false }
        var index = 0
        while index < count, lhs.members[index].key == rhs.members[index].key {
            guard lhs.members[index].value == rhs.members[index].value else { return false }
            index += 1
        }
        guard index < count else { return true }
        // The rest, by key: every key once on each side (a key written twice is matched by
        // position only), so that equal objects hold the same members, as `hash` counts them.
        var right: [String: JSONValue] = [:]
        right.reserveCapacity(count - index)
        for member in rhs.members[index...] {
            guard right.updateValue(member.value, forKey: member.key) == nil else { return false }
        }
        for member in lhs.members[index...] {
            guard let value = right.removeValue(forKey: member.key), value == member.value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, to agree with `==`.
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}

extension JSONValue {
    /// The member named `key` when this is an object, else `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` when this is an array and the index is in range, else `nil`.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The object's members, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The array's elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }
}

import Foundation

/// A value as the recorder encodes it: JSON's shapes, object members in the order the
/// `Encodable` conformance wrote them, numbers already as text.
///
/// Foundation's `JSONEncoder` reorders keys on Linux, which would make recordings differ
/// from run to run; this keeps them byte-identical for the same session. Inspectors turn it
/// into their own JSON tree without going through text.
public enum EncodedValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as the text the recorder writes.
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([EncodedValue])
    /// An object, members in encoding order.
    case object([(key: String, value: EncodedValue)])

    public static func == (lhs: EncodedValue, rhs: EncodedValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// How many arrays and objects are open at once at the deepest point: 0 for a scalar.
    var depth: Int {
        switch self {
        case .null, .bool, .number, .string: 0
        case .array(let elements): 1 + (elements.map(\.depth).max() ?? 0)
        case .object(let members): 1 + (members.map(\.value.depth).max() ?? 0)
        }
    }

    /// Encodes any `Encodable` value.
    ///
    /// - Parameter maximumDepth: For a value written in a line of a recording, the most
    ///   arrays and objects the line may nest (``RecordingFormat/maximumDepth``): encoding
    ///   stops with ``LineTooDeep`` once the value is sure to go deeper. `nil`: no limit.
    /// - Throws: `EncodingError` when the value cannot be represented in JSON (a NaN, say).
    static func encode(_ value: some Encodable, maximumDepth: Int? = nil) throws -> EncodedValue {
        try ValueEncoder(codingPath: [], maximumDepth: maximumDepth).encodeTopLevel(value)
    }
}

/// A place being filled while encoding: a finished value, or a container that nested
/// encoders still write into.
enum EncodingSlot {
    case value(EncodedValue)
    case array(ArrayBuilder)
    case object(ObjectBuilder)
    case encoder(ValueEncoder)

    var resolved: EncodedValue {
        switch self {
        case .value(let value): value
        case .array(let builder): .array(builder.slots.map(\.resolved))
        case .object(let builder): .object(zip(builder.keys, builder.slotList).map { ($0, $1.resolved) })
        case .encoder(let encoder): encoder.slot?.resolved ?? .object([])
        }
    }
}

final class ArrayBuilder {
    var slots: [EncodingSlot] = []
}

final class ObjectBuilder {
    var keys: [String] = []
    var slotList: [EncodingSlot] = []
    /// Positions by key, built only for large objects: a small object is searched in place,
    /// which is cheaper than hashing every key of every encoded struct.
    private var positions: [String: Int]?

    func set(_ slot: EncodingSlot, for key: String) {
        if let index = position(of: key) {
            slotList[index] = slot
            return
        }
        keys.append(key)
        slotList.append(slot)
        if positions != nil {
            positions![key] = keys.count - 1
        } else if keys.count > 16 {
            positions = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return keys.firstIndex(of: key)
    }
}

/// The `Encoder` behind ``EncodedValue/encode(_:)``.
final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    var slot: EncodingSlot?
    /// See ``EncodedValue/encode(_:maximumDepth:)``.
    private let maximumDepth: Int?
    /// Encoders between the top-level one and this one, each a nested value or container.
    private let nesting: Int

    init(codingPath: [any CodingKey], maximumDepth: Int? = nil, nesting: Int = 0) {
        self.codingPath = codingPath
        self.maximumDepth = maximumDepth
        self.nesting = nesting
    }

    /// The encoder of a value nested in this one, under `key` when it has one.
    func child(_ key: (any CodingKey)?) -> ValueEncoder {
        ValueEncoder(
            codingPath: key.map { codingPath + [$0] } ?? codingPath, maximumDepth: maximumDepth, nesting: nesting + 1)
    }

    func encodeTopLevel(_ value: some Encodable) throws -> EncodedValue {
        try box(value).resolved
    }

    /// Encodes a nested value, treating the types JSON has its own spelling for specially
    /// (as `JSONEncoder` does), so that `Decimal` stays `9.99` and `URL` is a string.
    func box<T: Encodable>(_ value: T, key: (any CodingKey)? = nil) throws -> EncodingSlot {
        // Compare metatypes before casting: a dynamic cast on every nested value was a large
        // share of encoding time.
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(Decimal.self):
            guard let text = DecimalText.string(value as! Decimal) else {
                throw invalid(value, "NaN cannot be written as JSON", key)
            }
            return .value(.number(text))
        case ObjectIdentifier(URL.self):
            return .value(.string((value as! URL).absoluteString))
        case ObjectIdentifier(Data.self):
            return .value(.string((value as! Data).base64EncodedString()))
        default:
            // Each key stands for an array or object around the value.
            try LineTooDeep.check(
                containers: key == nil ? codingPath.count : codingPath.count + 1, nesting: nesting,
                limit: maximumDepth)
            let child = child(key)
            try value.encode(to: child)
            let slot = child.slot ?? .value(.object([]))
            // Dictionaries and sets encode in hash order, which changes from run to run;
            // sorting makes the same state always produce the same bytes.
            guard let unordered = value as? any UnorderedCollection else { return slot }
            return .value(type(of: unordered).sortedForDeterminism(slot.resolved))
        }
    }

    func invalid(_ value: Any, _ message: String, _ key: (any CodingKey)?) -> EncodingError {
        let path = key.map { codingPath + [$0] } ?? codingPath
        return EncodingError.invalidValue(value, EncodingError.Context(codingPath: path, debugDescription: message))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let builder: ObjectBuilder
        if case .object(let existing) = slot {
            builder = existing
        } else {
            builder = ObjectBuilder()
            slot = .object(builder)
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, builder: builder))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let builder: ArrayBuilder
        if case .array(let existing) = slot {
            builder = existing
        } else {
            builder = ArrayBuilder()
            slot = .array(builder)
        }
        return UnkeyedContainer(encoder: self, builder: builder)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }
}

/// Collections whose iteration order is not part of their value, and how to put their
/// encoding in a fixed order.
protocol UnorderedCollection {
    static func sortedForDeterminism(_ value: EncodedValue) -> EncodedValue
}

extension Dictionary: UnorderedCollection {
    /// String- and Int-keyed dictionaries encode as objects: sort by key. Others encode as
    /// an array of alternating keys and values: sort the pairs by the key's text.
    static func sortedForDeterminism(_ value: EncodedValue) -> EncodedValue {
        switch value {
        case .object(let members):
            return .object(members.sorted { $0.key < $1.key })
        case .array(let elements) where elements.count % 2 == 0:
            let pairs = stride(from: 0, to: elements.count, by: 2).map { (elements[$0], elements[$0 + 1]) }
            return .array(pairs.sorted { $0.0.sortKey.lexicographicallyPrecedes($1.0.sortKey) }.flatMap { [$0.0, $0.1] })
        default:
            return value
        }
    }
}

extension Set: UnorderedCollection {
    /// Sets encode as arrays: sort the elements by their text.
    static func sortedForDeterminism(_ value: EncodedValue) -> EncodedValue {
        guard case .array(let elements) = value else { return value }
        return .array(elements.sorted { $0.sortKey.lexicographicallyPrecedes($1.sortKey) })
    }
}

extension EncodedValue {
    /// The value's JSON bytes, to order values that have no order of their own.
    var sortKey: [UInt8] {
        var bytes: [UInt8] = []
        JSONLineWriter().write(self, to: &bytes)
        return bytes
    }
}

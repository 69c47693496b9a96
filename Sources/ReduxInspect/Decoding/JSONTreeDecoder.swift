import Foundation

/// The `Decoder` behind ``JSONValueDecoder``.
///
/// One instance serves a whole decode: decoding a nested value points it at the child and
/// its coding path, runs the child's `init(from:)`, then points it back. Containers keep
/// their own value and path, so they are unaffected. `superDecoder()` hands out a fresh
/// instance, since the caller may keep it while decoding other keys.
final class JSONTreeDecoder: Decoder {
    private(set) var value: JSONValue
    private(set) var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, codingPath: [any CodingKey]) {
        self.value = value
        self.codingPath = codingPath
    }

    /// Decodes `value`, found at `path`, as `T`.
    ///
    /// The types JSON spells its own way (`Decimal`, `URL`, `Data`, `Date`) are read here, as
    /// the recorder's encoder wrote them, and so is `UUID`, which reads the recorder's
    /// placeholder (``JSONScalar``); everything else runs its own `init(from:)`.
    func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type, path: [any CodingKey]) throws -> T {
        if T.self == Decimal.self { return try Self.scalar(value, as: Decimal.self, path: path) as! T }
        if T.self == URL.self { return try Self.scalar(value, as: URL.self, path: path) as! T }
        if T.self == Data.self { return try Self.scalar(value, as: Data.self, path: path) as! T }
        if T.self == Date.self { return try Self.scalar(value, as: Date.self, path: path) as! T }
        if T.self == UUID.self { return try Self.scalar(value, as: UUID.self, path: path) as! T }
        let savedValue = self.value
        let savedPath = self.codingPath
        self.value = value
        self.codingPath = path
        defer {
            self.value = savedValue
            self.codingPath = savedPath
        }
        return try T(from: self)
    }

    /// Decodes a scalar, turning a problem into a `DecodingError` at `path`.
    @inline(__always)
    static func scalar<T: JSONScalar>(
        _ value: JSONValue, as type: T.Type, path: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        do {
            return try T.unbox(value)
        } catch {
            throw error.decodingError(T.self, value, path())
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw Self.mismatch(.object, value, codingPath) }
        return KeyedDecodingContainer(
            JSONKeyedContainer<Key>(decoder: self, object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw Self.mismatch(.array, value, codingPath) }
        return JSONUnkeyedContainer(decoder: self, elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueContainer(decoder: self, value: value, codingPath: codingPath)
    }

    /// The kinds of container a `Decodable` can ask for.
    enum ContainerKind {
        case object, array

        /// The type a `DecodingError` names, as Foundation's decoder does.
        var type: Any.Type { self == .object ? [String: Any].self : [Any].self }
        var name: String { self == .object ? "an object" : "an array" }
    }

    /// The error for a container asked of a value of another kind.
    static func mismatch(_ kind: ContainerKind, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError
    {
        if case .null = value {
            return .valueNotFound(
                kind.type, .init(codingPath: path, debugDescription: "expected \(kind.name), found null"))
        }
        let found = JSONValueDecoder.found(value)
        return .typeMismatch(
            kind.type, .init(codingPath: path, debugDescription: "expected \(kind.name), found \(found)"))
    }

    /// The error for a key the object lacks.
    static func missing(_ key: any CodingKey, _ path: [any CodingKey]) -> DecodingError {
        let quoted = JSONValueDecoder.quoted(key.stringValue)
        return .keyNotFound(key, .init(codingPath: path, debugDescription: "missing key \(quoted)"))
    }
}

/// A coding key for an array position, spelled `Index N` like Foundation's, and small enough
/// to sit in an existential without a heap box.
struct IndexKey: CodingKey {
    let index: Int

    init(_ index: Int) {
        self.index = index
    }

    init?(stringValue: String) {
        return nil
    }

    init?(intValue: Int) {
        index = intValue
    }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}

extension [any CodingKey] {
    /// This path and one more key. (`path + [key]` with a generic key builds a `[Key]` and
    /// casts it, which costs a conformance lookup.)
    func appending(_ key: any CodingKey) -> [any CodingKey] {
        var path: [any CodingKey] = []
        path.reserveCapacity(count + 1)
        path.append(contentsOf: self)
        path.append(key)
        return path
    }
}

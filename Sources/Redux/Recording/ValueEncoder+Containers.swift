import Foundation

/// Converts the scalar types every container accepts into JSON text.
enum ScalarText {
    static func double(_ value: Double, _ fail: () -> EncodingError) throws -> EncodedValue {
        guard value.isFinite else { throw fail() }
        return .number(value.description)
    }

    static func float(_ value: Float, _ fail: () -> EncodingError) throws -> EncodedValue {
        guard value.isFinite else { throw fail() }
        return .number(value.description)
    }

    static func integer(_ value: some BinaryInteger) -> EncodedValue {
        .number(String(value))
    }
}

struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    let builder: ObjectBuilder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: EncodedValue, _ key: Key) { builder.set(.value(value), for: key.stringValue) }
    private func notFinite(_ value: Any, _ key: Key) -> () -> EncodingError {
        { encoder.invalid(value, "\(value) cannot be written as JSON", key) }
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try ScalarText.double(value, notFinite(value, key)), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try ScalarText.float(value, notFinite(value, key)), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { set(ScalarText.integer(value), key) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        builder.set(try encoder.box(value, key: key), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.child(key)
        builder.set(.encoder(child), for: key.stringValue)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = encoder.child(key)
        builder.set(.encoder(child), for: key.stringValue)
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = encoder.child(AnyKey("super"))
        builder.set(.encoder(child), for: "super")
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = encoder.child(key)
        builder.set(.encoder(child), for: key.stringValue)
        return child
    }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    let builder: ArrayBuilder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { builder.slots.count }

    private func append(_ value: EncodedValue) { builder.slots.append(.value(value)) }
    private var nextKey: AnyKey { AnyKey(index: count) }
    private func notFinite(_ value: Any) -> () -> EncodingError {
        { encoder.invalid(value, "\(value) cannot be written as JSON", nextKey) }
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try ScalarText.double(value, notFinite(value))) }
    mutating func encode(_ value: Float) throws { append(try ScalarText.float(value, notFinite(value))) }
    mutating func encode(_ value: Int) throws { append(ScalarText.integer(value)) }
    mutating func encode(_ value: Int8) throws { append(ScalarText.integer(value)) }
    mutating func encode(_ value: Int16) throws { append(ScalarText.integer(value)) }
    mutating func encode(_ value: Int32) throws { append(ScalarText.integer(value)) }
    mutating func encode(_ value: Int64) throws { append(ScalarText.integer(value)) }
    mutating func encode(_ value: UInt) throws { append(ScalarText.integer(value)) }
    mutating func encode(_ value: UInt8) throws { append(ScalarText.integer(value)) }
    mutating func encode(_ value: UInt16) throws { append(ScalarText.integer(value)) }
    mutating func encode(_ value: UInt32) throws { append(ScalarText.integer(value)) }
    mutating func encode(_ value: UInt64) throws { append(ScalarText.integer(value)) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { append(ScalarText.integer(value)) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { append(ScalarText.integer(value)) }
    mutating func encode(_ value: some Encodable) throws {
        builder.slots.append(try encoder.box(value, key: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.child(nextKey)
        builder.slots.append(.encoder(child))
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = encoder.child(nextKey)
        builder.slots.append(.encoder(child))
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = encoder.child(nextKey)
        builder.slots.append(.encoder(child))
        return child
    }
}

struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: EncodedValue) { encoder.slot = .value(value) }
    private func notFinite(_ value: Any) -> () -> EncodingError {
        { encoder.invalid(value, "\(value) cannot be written as JSON", nil) }
    }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try ScalarText.double(value, notFinite(value))) }
    mutating func encode(_ value: Float) throws { set(try ScalarText.float(value, notFinite(value))) }
    mutating func encode(_ value: Int) throws { set(ScalarText.integer(value)) }
    mutating func encode(_ value: Int8) throws { set(ScalarText.integer(value)) }
    mutating func encode(_ value: Int16) throws { set(ScalarText.integer(value)) }
    mutating func encode(_ value: Int32) throws { set(ScalarText.integer(value)) }
    mutating func encode(_ value: Int64) throws { set(ScalarText.integer(value)) }
    mutating func encode(_ value: UInt) throws { set(ScalarText.integer(value)) }
    mutating func encode(_ value: UInt8) throws { set(ScalarText.integer(value)) }
    mutating func encode(_ value: UInt16) throws { set(ScalarText.integer(value)) }
    mutating func encode(_ value: UInt32) throws { set(ScalarText.integer(value)) }
    mutating func encode(_ value: UInt64) throws { set(ScalarText.integer(value)) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { set(ScalarText.integer(value)) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { set(ScalarText.integer(value)) }
    mutating func encode(_ value: some Encodable) throws { encoder.slot = try encoder.box(value) }
}

/// A coding key for array positions and `super`.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        stringValue = string
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        self.init(index: intValue)
    }
}

import Foundation

/// The `Encoder` a value sees while ``StreamingEncoder`` writes it: a frame of the stream.
struct StreamValueEncoder: Encoder {
    let sink: StreamingEncoder
    let level: Int
    let generation: Int

    var codingPath: [any CodingKey] { sink.codingPath(level) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        _ = sink.open(.keyed, level, generation)
        return sink.keyedContainer(Key.self, level: level, generation: generation)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        _ = sink.open(.unkeyed, level, generation)
        return StreamUnkeyedContainer(sink: sink, level: level, generation: generation)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamSingleContainer(sink: sink, level: level, generation: generation)
    }
}

/// A keyed container of ``StreamingEncoder``; made and kept by ``KeyedContainerCache``, which
/// points it at a new frame when it is reused.
struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let target: StreamKeyedTarget
    var sink: StreamingEncoder { target.sink }
    var level: Int { target.level }
    var generation: Int { target.generation }
    var codingPath: [any CodingKey] { sink.codingPath(level) }

    /// Calls `body` with the encoder, without retaining it: the target's reference is not a
    /// strong one, and turning it into one cost a retain and a release per member.
    @inline(__always)
    private func withSink<R>(_ body: (StreamingEncoder) throws -> R) rethrows -> R {
        try Unmanaged.passUnretained(target.sink)._withUnsafeGuaranteedRef(body)
    }

    /// Writes a string or number member: the placeholder instead when its key is redacted.
    private func member(_ key: Key, _ write: (StreamingEncoder) -> Void) {
        withSink { sink in
            guard let redacted = sink.beginMember(key.stringValue, target.level, target.generation)
            else { return }
            if redacted {
                sink.writePlaceholder()
            } else {
                write(sink)
            }
        }
    }

    /// Writes a `null` or Boolean member, which redaction keeps (as ``JSONLineWriter`` does):
    /// an absent optional stays absent, and a replay can decode the value as it was.
    private func keptMember(_ key: Key, _ write: (StreamingEncoder) -> Void) {
        withSink { sink in
            guard sink.beginMember(key.stringValue, target.level, target.generation) != nil else { return }
            write(sink)
        }
    }

    mutating func encodeNil(forKey key: Key) throws { keptMember(key) { $0.writeLiteral("null") } }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        keptMember(key) { $0.writeLiteral(value ? "true" : "false") }
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        member(key) { $0.bytes.appendQuoted(value) }
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        guard value.isFinite else { return try leaveOutOrFail(key) }
        member(key) { $0.writeDouble(value) }
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        guard value.isFinite else { return try leaveOutOrFail(key) }
        member(key) { $0.writeFloat(value) }
    }

    /// For a number JSON cannot hold (NaN, an infinity): nothing where the member is off the
    /// paths kept, as a nested value off them is not written (the inspector reading one path
    /// of a state whose other member is NaN); else the encoding fails.
    private func leaveOutOrFail(_ key: Key) throws {
        try withSink { sink in
            if sink.prunes, sink.keptNode(of: key.stringValue, target.level, target.generation) == nil { return }
            throw sink.fallBack()
        }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { member(key) { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { member(key) { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { member(key) { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { member(key) { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { member(key) { $0.writeSigned(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { member(key) { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { member(key) { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { member(key) { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { member(key) { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { member(key) { $0.writeUnsigned(value) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { member(key) { $0.writeInteger(value) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { member(key) { $0.writeInteger(value) } }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try withSink { sink in
            var node = KeptPaths.whole
            if sink.prunes {
                // A member off the paths kept is not written at all.
                guard let kept = sink.keptNode(of: key.stringValue, target.level, target.generation) else { return }
                node = kept
            }
            guard let redacted = sink.beginMember(key.stringValue, target.level, target.generation)
            else { return }
            try sink.encodeValue(value, key: .key(key), redacted: redacted, node: node)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let generation = nested(.key(key), key.stringValue)
        _ = sink.open(.keyed, level + 1, generation)
        return sink.keyedContainer(NestedKey.self, level: level + 1, generation: generation)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let generation = nested(.key(key), key.stringValue)
        _ = sink.open(.unkeyed, level + 1, generation)
        return StreamUnkeyedContainer(sink: sink, level: level + 1, generation: generation)
    }

    mutating func superEncoder() -> any Encoder {
        StreamValueEncoder(sink: sink, level: level + 1, generation: nested(.key(AnyKey("super")), "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        StreamValueEncoder(sink: sink, level: level + 1, generation: nested(.key(key), key.stringValue))
    }

    /// Opens a frame for a nested container under `name`; its generation, or 0 on failure.
    private func nested(_ key: StreamPathKey, _ name: String) -> Int {
        guard let redacted = sink.beginMember(name, level, generation) else { return 0 }
        return sink.push(key: key, implicit: true, redacted: redacted)
    }
}

struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let sink: StreamingEncoder
    let level: Int
    let generation: Int
    var codingPath: [any CodingKey] { sink.codingPath(level) }
    var count: Int {
        level < sink.frames.count && sink.frames[level].generation == generation ? sink.frames[level].count : 0
    }

    private func element(_ write: (StreamingEncoder) -> Void) {
        guard sink.beginElement(level, generation) != nil else { return }
        write(sink)
    }

    mutating func encodeNil() throws { element { $0.writeLiteral("null") } }
    mutating func encode(_ value: Bool) throws { element { $0.writeLiteral(value ? "true" : "false") } }
    mutating func encode(_ value: String) throws { element { $0.bytes.appendQuoted(value) } }
    mutating func encode(_ value: Double) throws {
        guard value.isFinite else { throw sink.fallBack() }
        element { $0.writeDouble(value) }
    }
    mutating func encode(_ value: Float) throws {
        guard value.isFinite else { throw sink.fallBack() }
        element { $0.writeFloat(value) }
    }
    mutating func encode(_ value: Int) throws { element { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { element { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { element { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { element { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { element { $0.writeSigned(value) } }
    mutating func encode(_ value: UInt) throws { element { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { element { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt16) throws { element { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt32) throws { element { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt64) throws { element { $0.writeUnsigned(value) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { element { $0.writeInteger(value) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { element { $0.writeInteger(value) } }
    mutating func encode(_ value: some Encodable) throws {
        guard let index = sink.beginElement(level, generation) else { return }
        try sink.encodeValue(value, key: .index(index), redacted: false)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let generation = nested()
        _ = sink.open(.keyed, level + 1, generation)
        return sink.keyedContainer(NestedKey.self, level: level + 1, generation: generation)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let generation = nested()
        _ = sink.open(.unkeyed, level + 1, generation)
        return StreamUnkeyedContainer(sink: sink, level: level + 1, generation: generation)
    }

    mutating func superEncoder() -> any Encoder {
        StreamValueEncoder(sink: sink, level: level + 1, generation: nested())
    }

    /// Opens a frame for a nested container; its generation, or 0 on failure.
    private func nested() -> Int {
        guard let index = sink.beginElement(level, generation) else { return 0 }
        return sink.push(key: .index(index), implicit: true, redacted: false)
    }
}

struct StreamSingleContainer: SingleValueEncodingContainer {
    let sink: StreamingEncoder
    let level: Int
    let generation: Int
    var codingPath: [any CodingKey] { sink.codingPath(level) }

    private func single(_ write: (StreamingEncoder) -> Void) {
        guard sink.beginSingle(level, generation) else { return }
        write(sink)
    }

    mutating func encodeNil() throws { single { $0.writeLiteral("null") } }
    mutating func encode(_ value: Bool) throws { single { $0.writeLiteral(value ? "true" : "false") } }
    mutating func encode(_ value: String) throws { single { $0.bytes.appendQuoted(value) } }
    mutating func encode(_ value: Double) throws {
        guard value.isFinite else { throw sink.fallBack() }
        single { $0.writeDouble(value) }
    }
    mutating func encode(_ value: Float) throws {
        guard value.isFinite else { throw sink.fallBack() }
        single { $0.writeFloat(value) }
    }
    mutating func encode(_ value: Int) throws { single { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { single { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { single { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { single { $0.writeSigned(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { single { $0.writeSigned(value) } }
    mutating func encode(_ value: UInt) throws { single { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { single { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt16) throws { single { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt32) throws { single { $0.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt64) throws { single { $0.writeUnsigned(value) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { single { $0.writeInteger(value) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { single { $0.writeInteger(value) } }
    mutating func encode(_ value: some Encodable) throws {
        // The value stands in this frame's place: it is kept as the frame is.
        let node = sink.keptNode(level, generation)
        guard sink.beginSingle(level, generation) else { return }
        try sink.encodeValue(value, key: nil, redacted: false, node: node)
    }
}

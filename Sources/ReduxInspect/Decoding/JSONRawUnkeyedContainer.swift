/// An unkeyed container over one array of JSON text (see ``JSONRawDecoder``).
struct JSONRawUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONRawDecoder
    /// The elements, in the decoder's ``JSONRawDecoder/found(_:)``.
    let elements: Range<Int>
    let path: LazyCodingPath
    private(set) var currentIndex = 0

    init(decoder: JSONRawDecoder, elements: Range<Int>, path: LazyCodingPath) {
        self.decoder = decoder
        self.elements = elements
        self.path = path
    }

    var codingPath: [any CodingKey] { path.whole }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// Where the current element starts; declines past the end, where the tree decoder throws.
    private func current() throws -> Int {
        guard currentIndex < elements.count else { throw decoder.decline() }
        return decoder.found(elements.lowerBound + currentIndex).valueStart
    }

    private mutating func scalar<T: JSONScalar>() throws -> T {
        let result = try decoder.scalar(current(), as: T.self)
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard decoder.isNull(try current()) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar() }
    mutating func decode(_ type: String.Type) throws -> String { try scalar() }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar() }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar() }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar() }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let result = try decoder.unbox(current(), as: T.self, path: codingPath.appending(IndexKey(currentIndex)))
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let members = try decoder.members(ofObjectAt: current())
        let container = JSONRawKeyedContainer<NestedKey>(
            decoder: decoder, members: members, path: LazyCodingPath(codingPath, then: IndexKey(currentIndex)))
        currentIndex += 1
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let elements = try decoder.elements(ofArrayAt: current())
        let container = JSONRawUnkeyedContainer(
            decoder: decoder, elements: elements, path: LazyCodingPath(codingPath, then: IndexKey(currentIndex)))
        currentIndex += 1
        return container
    }

    /// Declined, as ``JSONRawKeyedContainer/superDecoder()`` is.
    mutating func superDecoder() throws -> any Decoder {
        throw decoder.decline()
    }
}

/// A single-value container over the value the decoder points at (see ``JSONRawDecoder``).
struct JSONRawSingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONRawDecoder
    let value: Int
    let codingPath: [any CodingKey]

    private func scalar<T: JSONScalar>() throws -> T {
        try decoder.scalar(value, as: T.self)
    }

    func decodeNil() -> Bool {
        decoder.isNull(value)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try scalar() }
    func decode(_ type: String.Type) throws -> String { try scalar() }
    func decode(_ type: Double.Type) throws -> Double { try scalar() }
    func decode(_ type: Float.Type) throws -> Float { try scalar() }
    func decode(_ type: Int.Type) throws -> Int { try scalar() }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar() }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar() }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar() }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar() }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar() }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.unbox(value, as: T.self, path: codingPath)
    }
}

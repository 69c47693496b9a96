/// An unkeyed container over one array of JSON text (see ``JSONRawDecoder``), answering as
/// ``JSONUnkeyedContainer`` does over the parsed array: a failed decode leaves `currentIndex`
/// where it was, and errors are its errors.
struct JSONRawUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONRawDecoder
    /// The elements, in the decoder's ``JSONRawDecoder/found(_:)``.
    let elements: Range<Int>
    /// The container's coding path, in the decoder's paths.
    let path: Int
    private(set) var currentIndex = 0

    init(decoder: JSONRawDecoder, elements: Range<Int>, path: Int) {
        self.decoder = decoder
        self.elements = elements
        self.path = path
    }

    var codingPath: [any CodingKey] { decoder.path(path) }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The coding path of the current element.
    private var elementPath: [any CodingKey] { codingPath.appending(IndexKey(currentIndex)) }

    /// The current element's path, in the decoder's paths.
    private func newElementPath() -> Int {
        decoder.path(after: path, IndexKey(currentIndex))
    }

    /// Where the current element starts, or the tree decoder's error naming `type` when the
    /// array is used up.
    private func current(_ type: Any.Type) throws -> Int {
        guard currentIndex < elements.count else {
            let detail =
                "expected \(JSONValueDecoder.typeName(type)), found the end of an array of \(elements.count)"
            throw DecodingError.valueNotFound(type, .init(codingPath: elementPath, debugDescription: detail))
        }
        return decoder.found(elements.lowerBound + currentIndex).valueStart
    }

    private mutating func scalar<T: JSONScalar>() throws -> T {
        let result = try decoder.scalar(current(T.self), as: T.self, path: elementPath)
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard decoder.isNull(try current(Any?.self)) else { return false }
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
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try scalar() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try scalar() }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let result = try decoder.unbox(current(T.self), as: T.self, path: newElementPath())
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try decoder.keyedContainer(
            at: current([String: Any].self), path: newElementPath(), keyedBy: NestedKey.self)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let start = try current([Any].self)
        let path = newElementPath()
        let elements = try decoder.elements(ofArrayAt: start, path: decoder.path(path))
        currentIndex += 1
        return JSONRawUnkeyedContainer(decoder: decoder, elements: elements, path: path)
    }

    /// The tree decoder over the current element, as ``JSONUnkeyedContainer`` makes it.
    mutating func superDecoder() throws -> any Decoder {
        let superDecoder = JSONTreeDecoder(value: try decoder.parsed(at: current(Any.self)), codingPath: elementPath)
        currentIndex += 1
        return superDecoder
    }
}

/// A single-value container over the value the decoder points at (see ``JSONRawDecoder``).
struct JSONRawSingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONRawDecoder
    let value: Int
    /// The value's coding path, in the decoder's paths.
    let path: Int

    var codingPath: [any CodingKey] { decoder.path(path) }

    private func scalar<T: JSONScalar>() throws -> T {
        try decoder.scalar(value, as: T.self, path: codingPath)
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
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try scalar() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try scalar() }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.unbox(value, as: T.self, path: path)
    }
}

import Foundation

/// The `Decoder` behind ``JSONBytesDecoder``: reads certainly valid JSON text in place.
///
/// Every answer is the one ``JSONTreeDecoder`` gives for the parsed text, errors included:
/// scalars are read as the tree decoder reads the parser's value for the same bytes, and an
/// error is made by the tree decoder's own functions from that value. Where reading the bytes
/// would need more than plain ASCII keys (an object with any other key) or would hand out a
/// decoder that may outlive the decode (a super decoder), the value is parsed and the tree
/// decoder reads it.
///
/// Like ``JSONTreeDecoder``, one instance serves a whole decode, pointed at each nested
/// value in turn; values are byte offsets into the text.
final class JSONRawDecoder: Decoder {
    /// The text: the caller's during the decode, then the decoder's own copy if something kept
    /// the decoder (see ``keepText()``).
    private(set) var raw: RawJSON
    /// The copy ``keepText()`` made, if it did.
    private var ownText: UnsafeMutableBufferPointer<UInt8>?
    /// The first byte of the whole value.
    let root: Int
    /// The first byte of the value being decoded.
    private(set) var value: Int
    /// The decode's members and coding paths.
    private let workspace: DecodeWorkspace
    /// The path of the value being decoded, in the workspace's paths.
    private var valuePath = CodingPathTree.root
    var codingPath: [any CodingKey] { workspace.paths.path(valuePath) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// A decoder for the value in `raw`, which must be certainly valid, working in `workspace`
    /// (empty) when given one.
    init(raw: RawJSON, workspace: DecodeWorkspace? = nil) {
        self.raw = raw
        self.root = raw.skipSpace(0)
        self.value = root
        self.workspace = workspace ?? DecodeWorkspace()
    }

    /// The decoder's memory, emptied, for the next decode; `nil` when it has grown too large to
    /// keep. Only for a decoder nothing else refers to, just before it goes.
    func handOverWorkspace() -> DecodeWorkspace? {
        guard workspace.isWorthKeeping else { return nil }
        workspace.empty()
        return workspace
    }

    deinit {
        ownText?.deallocate()
    }

    /// Reads a copy of the text from now on, for containers and decoders a type keeps past
    /// the end of the decode.
    func keepText() {
        guard ownText == nil else { return }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: raw.count)
        _ = copy.initialize(from: raw.buffer(0..<raw.count))
        ownText = copy
        raw = RawJSON(UnsafeBufferPointer(copy), maximumDepth: raw.maximumDepth)
    }

    /// Decodes the value that starts at `start`, found at path `path` of
    /// ``DecodeWorkspace/paths``, as `T`.
    func unbox<T: Decodable>(_ start: Int, as type: T.Type, path: Int) throws -> T {
        if T.self == Decimal.self { return try scalar(start, as: Decimal.self, path: self.path(path)) as! T }
        if T.self == URL.self { return try scalar(start, as: URL.self, path: self.path(path)) as! T }
        if T.self == Data.self { return try scalar(start, as: Data.self, path: self.path(path)) as! T }
        if T.self == Date.self { return try scalar(start, as: Date.self, path: self.path(path)) as! T }
        if T.self == UUID.self { return try scalar(start, as: UUID.self, path: self.path(path)) as! T }
        let savedValue = value
        let savedPath = valuePath
        value = start
        valuePath = path
        defer {
            value = savedValue
            valuePath = savedPath
        }
        return try T(from: self)
    }

    /// The index of the path `parent` followed by `key`.
    func path(after parent: Int, _ key: any CodingKey) -> Int {
        workspace.paths.path(after: parent, key)
    }

    /// The keys of path `index`.
    func path(_ index: Int) -> [any CodingKey] {
        workspace.paths.path(index)
    }

    /// The value that starts at `start`, parsed: what the tree decoder would have there.
    func parsed(at start: Int) throws -> JSONValue {
        try raw.parse(start..<raw.valueEnd(from: start, depth: 0))
    }

    /// Reads the scalar that starts at `start`, found at `path`, as the tree decoder reads the
    /// parser's value for the same bytes, and fails as it fails.
    func scalar<T: JSONScalar>(_ start: Int, as type: T.Type, path: @autoclosure () -> [any CodingKey]) throws -> T {
        if let integer = Self.plainInteger(raw, at: start, as: T.self) { return integer }
        return try JSONTreeDecoder.scalar(parsed(at: start), as: T.self, path: path())
    }

    /// The integer at `start` when `T` is an integer type and the bytes are plain digits
    /// (with an optional `-`) that fit it: `T(text)`, which is what ``JSONScalar`` tries first,
    /// without making the text a `String`.
    @inline(__always)
    private static func plainInteger<T>(_ raw: RawJSON, at start: Int, as type: T.Type) -> T? {
        if T.self == Int.self { return digits(raw, at: start, as: Int.self) as! T? }
        if T.self == Int64.self { return digits(raw, at: start, as: Int64.self) as! T? }
        if T.self == Int32.self { return digits(raw, at: start, as: Int32.self) as! T? }
        if T.self == UInt.self { return digits(raw, at: start, as: UInt.self) as! T? }
        return nil
    }

    /// Plain decimal digits at `start`, as `T` when they fit; `nil` for anything else (a
    /// fraction, an exponent, an overflow), which then takes the general path.
    @inline(__always)
    private static func digits<T: FixedWidthInteger>(_ raw: RawJSON, at start: Int, as type: T.Type) -> T? {
        var offset = start
        let negative = raw[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        var result: T = 0
        let first = offset
        while offset < raw.count {
            let digit = raw[offset] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            let (shifted, overflow) = result.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative
                ? shifted.subtractingReportingOverflow(T(digit)) : shifted.addingReportingOverflow(T(digit))
            guard !overflow, !overflow2 else { return nil }
            result = next
            offset += 1
        }
        guard offset > first else { return nil }
        if offset < raw.count {
            switch raw[offset] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        return result
    }

    /// A keyed container over the object that starts at `start`, found at `path`: read from
    /// the bytes when every key is plain, by the tree decoder otherwise; the tree decoder's
    /// error when the value is not an object.
    func keyedContainer<Key: CodingKey>(
        at start: Int, path: Int, keyedBy type: Key.Type
    ) throws -> KeyedDecodingContainer<Key> {
        if let members = try members(ofObjectAt: start, path: self.path(path)) {
            return KeyedDecodingContainer(JSONRawKeyedContainer<Key>(decoder: self, members: members, path: path))
        }
        let value = try parsed(at: start)
        let codingPath = self.path(path)
        guard case .object(let object) = value else { throw JSONTreeDecoder.mismatch(.object, value, codingPath) }
        let tree = JSONTreeDecoder(value: value, codingPath: codingPath)
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(decoder: tree, object: object, codingPath: codingPath))
    }

    /// The members of the object that starts at `start`, in written order, as a run of
    /// ``DecodeWorkspace/found``; `nil` when a key is not plain (see ``JSONRawKeyedContainer``);
    /// the tree decoder's error when the value is not an object.
    private func members(ofObjectAt start: Int, path: @autoclosure () -> [any CodingKey]) throws -> Range<Int>? {
        guard raw[start] == UInt8(ascii: "{") else {
            throw JSONTreeDecoder.mismatch(.object, try parsed(at: start), path())
        }
        let first = workspace.found.count
        var offset = raw.skipSpace(start + 1)
        if raw[offset] == UInt8(ascii: "}") { return first..<first }
        while true {
            let member = try raw.member(at: offset, depth: 0)
            guard member.plainKey else {
                workspace.found.truncate(to: first)
                return nil
            }
            workspace.found.append(member)
            offset = raw.skipSpace(member.valueEnd)
            guard raw[offset] == UInt8(ascii: ",") else { return first..<workspace.found.count }
            offset = raw.skipSpace(offset + 1)
        }
    }

    /// The elements of the array that starts at `start`, as a run of ``DecodeWorkspace/found``
    /// whose `valueStart`s are where they begin; the tree decoder's error when the value is not
    /// an array.
    func elements(ofArrayAt start: Int, path: @autoclosure () -> [any CodingKey]) throws -> Range<Int> {
        guard raw[start] == UInt8(ascii: "[") else {
            throw JSONTreeDecoder.mismatch(.array, try parsed(at: start), path())
        }
        let first = workspace.found.count
        var offset = raw.skipSpace(start + 1)
        if raw[offset] == UInt8(ascii: "]") { return first..<first }
        while true {
            let end = try raw.valueEnd(from: offset, depth: 0)
            workspace.found.append(
                RawJSON.Member(keyStart: offset, keyEnd: offset, valueStart: offset, valueEnd: end, plainKey: true))
            offset = raw.skipSpace(end)
            guard raw[offset] == UInt8(ascii: ",") else { return first..<workspace.found.count }
            offset = raw.skipSpace(offset + 1)
        }
    }

    /// Member or element `index` of the workspace's members.
    @inline(__always)
    func found(_ index: Int) -> RawJSON.Member {
        workspace.found[index]
    }

    /// Where the value of the first member in `members` named `name` starts, or `nil`: the
    /// member the tree decoder finds, comparing names as Swift compares strings.
    func member(named name: String, in members: Range<Int>) -> Int? {
        var name = name
        let raw = raw
        let (start, ascii): (Int?, Bool) = name.withUTF8 { name in
            for index in members {
                let member = workspace.found[index]
                guard member.keyCount == name.count else { continue }
                if name.isEmpty || memcmp(raw.base + member.keyStart, name.baseAddress!, name.count) == 0 {
                    return (member.valueStart, true)
                }
            }
            return (nil, !name.contains { $0 >= 0x80 })
        }
        if start != nil || ascii { return start }
        // Keys are plain ASCII, equal to an ASCII name exactly when their bytes are; a name
        // beyond ASCII may still be canonically equal to one (U+212A KELVIN SIGN and "K").
        return members.first { key($0) == name }.map { workspace.found[$0].valueStart }
    }

    /// The key of member `index` of ``DecodeWorkspace/found`` as a string: its bytes, since it
    /// is plain.
    func key(_ index: Int) -> String {
        let member = workspace.found[index]
        let key = raw.buffer(member.keyStart..<member.keyEnd)
        // Copying the bytes in takes a shorter path than `String(decoding:as:)`, which
        // repairs what it cannot read; plain keys have nothing to repair.
        return String(unsafeUninitializedCapacity: key.count) { storage in
            _ = storage.initialize(fromContentsOf: key)
            return key.count
        }
    }

    /// `allKeys` of an object whose only member is member `index` of
    /// ``DecodeWorkspace/found``: an enum's case. The workspace's keys are used only during a
    /// decode, and kept from one decode to the next.
    func onlyKey<Key: CodingKey>(_ index: Int, as type: Key.Type) -> [Key] {
        let member = workspace.found[index]
        let name = raw.buffer(member.keyStart..<member.keyEnd)
        // A container kept past the decode (which then reads its own copy of the text) only
        // reads, as before there was a cache: containers kept from one decode share it, and
        // may be read on several threads.
        guard ownText == nil, let keys = workspace.keyLists.keys(Key.self, named: name) else {
            return newOnlyKey(index, named: name, as: Key.self)
        }
        return keys
    }

    /// ``onlyKey(_:as:)`` made from member `index`'s name, `name`, and kept during the
    /// decode. (Apart so that the cache's hits do not look up the metadata that making a key
    /// takes.)
    @inline(never)
    private func newOnlyKey<Key: CodingKey>(
        _ index: Int, named name: UnsafeBufferPointer<UInt8>, as type: Key.Type
    ) -> [Key] {
        var keys: [Key] = []
        // An array literal skips the generic array's metadata lookups (as `map` does not).
        if let key = Key(stringValue: key(index)) { keys = [key] }
        if ownText == nil { workspace.keyLists.keep(keys, named: name) }
        return keys
    }

    /// Whether the value at `start` is `null`.
    func isNull(_ start: Int) -> Bool {
        raw[start] == UInt8(ascii: "n")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(at: value, path: valuePath, keyedBy: Key.self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        JSONRawUnkeyedContainer(decoder: self, elements: try elements(ofArrayAt: value, path: codingPath), path: valuePath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONRawSingleValueContainer(decoder: self, value: value, path: valuePath)
    }
}

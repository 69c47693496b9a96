import Foundation

/// The `Decoder` behind ``JSONBytesDecoder``: reads certainly valid JSON text in place.
///
/// It answers only what it is sure ``JSONTreeDecoder`` would answer in the same way. For
/// anything else, and for every error, it sets ``declined`` and throws; the caller then
/// decodes the parsed tree instead. The flag, not the error, is what counts: a type's
/// `init(from:)` may catch the error (`try? container.decode(…)`) and go on to a value the
/// tree would not lead to.
///
/// Like ``JSONTreeDecoder``, one instance serves a whole decode, pointed at each nested
/// value in turn; values are byte offsets into the text.
final class JSONRawDecoder: Decoder {
    /// The text, which belongs to the caller: read only until ``finish()``.
    private let raw: RawJSON
    /// Whether an answer was declined: the decode as a whole must not be trusted.
    private(set) var declined = false
    /// Whether the decode is over; see ``finish()``.
    private var isFinished = false
    /// The first byte of the value being decoded.
    private(set) var value: Int
    private(set) var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The members and elements of every container made so far, each container's in a run
    /// of its own: one buffer for the whole decode instead of an array for each container.
    private var found: UnsafeMutablePointer<RawJSON.Member>
    private var foundCount = 0
    private var foundCapacity: Int

    init(raw: RawJSON) {
        self.raw = raw
        self.value = 0
        self.codingPath = []
        foundCapacity = 16
        found = .allocate(capacity: foundCapacity)
    }

    deinit {
        found.deallocate()
    }

    /// Ends the decode. A decoder or container that a type keeps past it reads no more of the
    /// text, which may be gone: it declines every question that needs the text.
    func finish() {
        isFinished = true
    }

    /// The text, while the decode lasts.
    @inline(__always)
    private func text() throws -> RawJSON {
        guard !isFinished else { throw decline() }
        return raw
    }

    /// What a container throws when it declines; only the flag it sets is looked at.
    struct Declined: Error {}

    /// Marks the decode as declined and returns the error to throw.
    func decline() -> Declined {
        declined = true
        return Declined()
    }

    /// Decodes the value that starts at `start`, found at `path`, as `T`.
    func unbox<T: Decodable>(_ start: Int, as type: T.Type, path: [any CodingKey]) throws -> T {
        if T.self == Decimal.self { return try scalar(start, as: Decimal.self) as! T }
        if T.self == URL.self { return try scalar(start, as: URL.self) as! T }
        if T.self == Data.self { return try scalar(start, as: Data.self) as! T }
        if T.self == Date.self { return try scalar(start, as: Date.self) as! T }
        let savedValue = value
        let savedPath = codingPath
        value = start
        codingPath = path
        defer {
            value = savedValue
            codingPath = savedPath
        }
        return try T(from: self)
    }

    /// Reads the scalar that starts at `start` as the tree decoder reads the parser's value
    /// for the same bytes.
    func scalar<T: JSONScalar>(_ start: Int, as type: T.Type) throws -> T {
        let raw = try text()
        if let integer = Self.plainInteger(raw, at: start, as: T.self) { return integer }
        do {
            let end = try raw.valueEnd(from: start, depth: 0)
            return try T.unbox(try raw.parse(start..<end))
        } catch {
            throw decline()
        }
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

    /// The members of the object that starts at `start`, in written order, as a run of
    /// ``found``; declines when the value is not an object or a key is not plain (see
    /// ``JSONRawKeyedContainer``).
    func members(ofObjectAt start: Int) throws -> Range<Int> {
        let raw = try text()
        guard raw[start] == UInt8(ascii: "{") else { throw decline() }
        let first = foundCount
        do {
            var offset = raw.skipSpace(start + 1)
            if raw[offset] == UInt8(ascii: "}") { return first..<first }
            while true {
                let member = try raw.member(at: offset, depth: 0)
                guard member.plainKey else { throw decline() }
                keep(member)
                offset = raw.skipSpace(member.valueEnd)
                guard raw[offset] == UInt8(ascii: ",") else { return first..<foundCount }
                offset = raw.skipSpace(offset + 1)
            }
        } catch {
            throw decline()
        }
    }

    /// The elements of the array that starts at `start`, as a run of ``found`` whose
    /// `valueStart`s are where they begin; declines when the value is not an array.
    func elements(ofArrayAt start: Int) throws -> Range<Int> {
        let raw = try text()
        guard raw[start] == UInt8(ascii: "[") else { throw decline() }
        let first = foundCount
        do {
            var offset = raw.skipSpace(start + 1)
            if raw[offset] == UInt8(ascii: "]") { return first..<first }
            while true {
                let end = try raw.valueEnd(from: offset, depth: 0)
                keep(RawJSON.Member(keyStart: offset, keyEnd: offset, valueStart: offset, valueEnd: end, plainKey: true))
                offset = raw.skipSpace(end)
                guard raw[offset] == UInt8(ascii: ",") else { return first..<foundCount }
                offset = raw.skipSpace(offset + 1)
            }
        } catch {
            throw decline()
        }
    }

    private func keep(_ member: RawJSON.Member) {
        if foundCount == foundCapacity {
            let larger = UnsafeMutablePointer<RawJSON.Member>.allocate(capacity: foundCapacity * 2)
            larger.moveInitialize(from: found, count: foundCount)
            found.deallocate()
            found = larger
            foundCapacity *= 2
        }
        (found + foundCount).initialize(to: member)
        foundCount += 1
    }

    /// Member or element `index` of ``found``.
    @inline(__always)
    func found(_ index: Int) -> RawJSON.Member {
        found[index]
    }

    /// Where the value of the first member in `members` named `name` starts: `nil` when there
    /// is none; declines when a name beyond ASCII is not found by its bytes, since Swift may
    /// find it equal to an ASCII key.
    func member(named name: String, in members: Range<Int>) throws -> Int? {
        let raw = try text()
        var name = name
        let found: Int?? = name.withUTF8 { name in
            for index in members {
                let member = self.found[index]
                guard member.keyCount == name.count else { continue }
                if name.isEmpty || memcmp(raw.base + member.keyStart, name.baseAddress!, name.count) == 0 {
                    return member.valueStart
                }
            }
            for byte in name where byte >= 0x80 { return Int??.none }
            return Int??.some(nil)
        }
        guard let found else { throw decline() }
        return found
    }

    /// The key of member `index` of ``found`` as a string (its bytes: it is plain), or `nil`
    /// once the decode is over.
    func key(_ index: Int) -> String? {
        guard !isFinished else { return nil }
        let member = found[index]
        return String(decoding: raw.buffer(member.keyStart..<member.keyEnd), as: UTF8.self)
    }

    /// Whether the value at `start` is `null`; `false` once the decode is over.
    func isNull(_ start: Int) -> Bool {
        !isFinished && raw[start] == UInt8(ascii: "n")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(
            JSONRawKeyedContainer<Key>(
                decoder: self, members: try members(ofObjectAt: value), path: LazyCodingPath(codingPath)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        JSONRawUnkeyedContainer(
            decoder: self, elements: try elements(ofArrayAt: value), path: LazyCodingPath(codingPath))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONRawSingleValueContainer(decoder: self, value: value, codingPath: codingPath)
    }
}

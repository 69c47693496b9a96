import Foundation
import Testing

@testable import ReduxInspect

/// The indexer's skim (``TopLevelMembers``), which reads 8 bytes at a time, against the
/// byte-at-a-time skim it replaced (kept here as the reference): the same verdict on every
/// line, and the same members. Its verdict decides which errors are found while indexing
/// and which when the entry is read, so it must not move.
@Suite struct TopLevelMembersReferenceTests {
    struct Member: Equatable {
        let key: Range<Int>
        let value: Range<Int>
    }

    /// The skim as it was: memchr for quotes, one byte at a time for the rest.
    enum Reference {
        static func endsScalar(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                || byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
        }

        static func members(_ line: UnsafeBufferPointer<UInt8>) -> [Member]? {
            var index = 0
            let count = line.count
            func skipSpace() {
                while index < count, line[index] == 0x20 || line[index] == 0x09 || line[index] == 0x0D { index += 1 }
            }
            /// Moves past a string whose opening quote is at `index`.
            ///
            /// Finds each next `"` with `memchr` (strings are most of a state's bytes) and takes it
            /// as the end when an even number of backslashes precedes it.
            func skipString() -> Bool {
                guard let base = line.baseAddress else { return false }
                var position = index + 1
                while position < count {
                    guard let found = memchr(base + position, Int32(UInt8(ascii: "\"")), count - position) else {
                        return false
                    }
                    let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    var backslashes = 0
                    while quote - backslashes - 1 > index && line[quote - backslashes - 1] == UInt8(ascii: "\\") {
                        backslashes += 1
                    }
                    position = quote + 1
                    if backslashes.isMultiple(of: 2) {
                        index = position
                        return true
                    }
                }
                return false
            }
            /// Moves past a value of any kind starting at `index`.
            func skipValue() -> Bool {
                var depth = 0
                repeat {
                    guard index < count else { return false }
                    switch line[index] {
                    case UInt8(ascii: "\""):
                        guard skipString() else { return false }
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                        index += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        guard depth > 0 else { return false }
                        depth -= 1
                        index += 1
                    case UInt8(ascii: ","), UInt8(ascii: ":"):
                        guard depth > 0 else { return false }
                        index += 1
                    default:
                        index += 1
                    }
                } while depth > 0 || (index < count && !endsScalar(line[index]))
                return true
            }

            skipSpace()
            guard index < count, line[index] == UInt8(ascii: "{") else { return nil }
            index += 1
            skipSpace()
            var found: [Member] = []
            if index < count, line[index] == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipSpace()
                    guard index < count, line[index] == UInt8(ascii: "\"") else { return nil }
                    let keyStart = index + 1
                    guard skipString() else { return nil }
                    let key = keyStart..<(index - 1)
                    skipSpace()
                    guard index < count, line[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    skipSpace()
                    let valueStart = index
                    guard skipValue() else { return nil }
                    found.append(Member(key: key, value: valueStart..<index))
                    skipSpace()
                    guard index < count else { return nil }
                    if line[index] == UInt8(ascii: ",") { index += 1; continue }
                    guard line[index] == UInt8(ascii: "}") else { return nil }
                    index += 1
                    break
                }
            }
            skipSpace()
            guard index == count else { return nil }
            return found
        }

    }

    static func check(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            let expected = Reference.members(buffer)
            let found = TopLevelMembers(buffer)?.members.map { Member(key: $0.key, value: $0.value) }
            #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            var known: [String: Range<Int>] = [:]
            if let members = KnownMembers(buffer) {
                for (name, value) in [
                    ("action", members.action), ("format", members.format), ("version", members.version),
                    ("gap", members.gap), ("end", members.end), ("seq", members.seq), ("state", members.state),
                ] {
                    known[name] = value
                }
            }
            var expectedKnown: [String: Range<Int>] = [:]
            for member in expected ?? [] {
                let key = String(decoding: bytes[member.key], as: UTF8.self)
                guard ["action", "format", "version", "gap", "end", "seq", "state"].contains(key),
                    expectedKnown[key] == nil
                else { continue }
                expectedKnown[key] = member.value
            }
            #expect(known == expectedKnown, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    /// Lines of bytes that matter to the skim, long enough to cross several 8-byte words.
    @Test func randomLines() {
        var generator = SeededGenerator(seed: 0x70B1_E7E1)
        let alphabet = Array(#"{}[]"\,: \#t\#r"#.utf8) + Array("aY_y1\u{7F}".utf8) + [0xC3, 0xA9, 0x5C, 0x5C]
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 40)
            var bytes: [UInt8] = [UInt8(ascii: "{")]
            for _ in 0..<count { bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            if generator.next() % 2 == 0 { bytes.append(UInt8(ascii: "}")) }
            Self.check(bytes)
        }
    }

    /// Objects whose values are random nestings of strings (with escaped quotes, backslashes
    /// and brackets in them), arrays, objects and scalars, then maybe a byte or two changed.
    @Test func randomValues() {
        var generator = SeededGenerator(seed: 0x5EED_0B7E)
        func pick(_ bytes: [UInt8]) -> UInt8 { bytes[Int(generator.next() % UInt64(bytes.count))] }
        let stringBytes = Array(#"ab {}[],:Y_y"#.utf8) + [0xC3, 0xA9]
        func value(_ depth: Int, into bytes: inout [UInt8]) {
            switch generator.next() % (depth > 6 ? 2 : 4) {
            case 0:
                bytes.append(UInt8(ascii: "\""))
                for _ in 0..<generator.next() % 12 {
                    switch generator.next() % 6 {
                    case 0: bytes += [UInt8(ascii: "\\"), pick(Array(#""\n{"#.utf8))]
                    case 1: bytes += Array(repeating: UInt8(ascii: "\\"), count: Int(generator.next() % 4))
                    default: bytes.append(pick(stringBytes))
                    }
                }
                bytes.append(UInt8(ascii: "\""))
            case 1:
                for _ in 0...(generator.next() % 3) { bytes.append(pick(Array("1-e.tY_y".utf8))) }
            default:
                bytes.append(pick(Array("[{".utf8)))
                let items = generator.next() % 5
                for item in 0..<items {
                    if item > 0 { bytes.append(pick(Array(",,,:".utf8))) }
                    if generator.next() % 4 == 0 { bytes.append(pick([0x20, 0x09, 0x0D])) }
                    value(depth + 1, into: &bytes)
                }
                bytes.append(pick(Array("]}".utf8)))
            }
        }
        for _ in 0..<20_000 {
            var bytes = Array("{".utf8)
            for member in 0..<(1 + generator.next() % 3) {
                if member > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += Array(#""\#(pick(Array("kas".utf8)))":"#.utf8)
                if generator.next() % 4 == 0 { bytes.append(0x20) }
                value(0, into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
            for _ in 0..<generator.next() % 3 {
                let position = Int(generator.next() % UInt64(bytes.count))
                bytes[position] = pick(Array(#"{}[]"\,: a"#.utf8))
            }
            Self.check(bytes)
        }
    }

    /// Real lines with one, two or three bytes changed, inserted or removed.
    @Test func mutatedLines() {
        var generator = SeededGenerator(seed: 0x11_1E5)
        let lines = [
            #"{"seq":1,"time":"2026-11-22T10:00:00.250Z","type":"addToCart","action":{"addToCart":{"productID":2,"quantity":2}},"state":{"isLoading":false,"catalog":[{"id":1,"name":"Green tea","price":4.5},{"id":2,"name":"Espresso \"beans\"","price":12.99}],"cart":{"items":[{"id":2,"name":"Espresso\\","price":12.99,"quantity":2}],"total":25.98}},"us":12}"#,
            #"{"format":"redux-inspect","version":1,"initialState":{"a":[[[],{}],[{"b":"}]"}]],"c":"\\\""}}"#,
            #"{ "seq" : 6 , "action" : { "x" : [ 1 , 2 ] } , "state" : "" , "end" : null }"#,
            #"{"gap":{"after":41,"dropped":3,"reason":"queue \"full\""}}"#,
        ]
        let bytesToUse = Array(#"{}[]"\,: "#.utf8) + [0x09, 0x0D, UInt8(ascii: "a"), UInt8(ascii: "1")]
        for line in lines {
            let original = Array(line.utf8)
            Self.check(original)
            for _ in 0..<5_000 {
                var bytes = original
                for _ in 0...(generator.next() % 3) {
                    let position = Int(generator.next() % UInt64(bytes.count))
                    let byte = bytesToUse[Int(generator.next() % UInt64(bytesToUse.count))]
                    switch generator.next() % 3 {
                    case 0: bytes[position] = byte
                    case 1: bytes.insert(byte, at: position)
                    default: if bytes.count > 1 { bytes.remove(at: position) }
                    }
                }
                Self.check(bytes)
            }
            // Cut short at every length, as a crash leaves a line.
            for length in 0..<original.count { Self.check(Array(original[..<length])) }
        }
    }

    /// Deep nesting and long strings, across words.
    @Test func longLines() {
        for depth in [1, 7, 8, 9, 100, 10_000] {
            let open = String(repeating: "[", count: depth)
            let close = String(repeating: "]", count: depth)
            Self.check(Array(#"{"seq":1,"action":\#(open)\#(close),"state":"x"}"#.utf8))
            Self.check(Array(#"{"seq":1,"action":\#(open)\#(close.dropLast()),"state":"x"}"#.utf8))
            Self.check(Array(#"{"seq":1,"action":\#(open)\#(close)]}"#.utf8))
            let backslashes = String(repeating: "\\", count: depth)
            Self.check(Array(#"{"seq":1,"action":["\#(backslashes)"],"state":{}}"#.utf8))
            Self.check(Array(#"{"seq":1,"action":["\#(backslashes)\"]}"#.utf8))
        }
    }
}

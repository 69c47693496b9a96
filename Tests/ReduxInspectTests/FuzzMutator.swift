// The generator is SplitMix64's `SeededGenerator` from DiffTestSupport.swift: every mutation
// can be made again from its seed alone.

/// Breaks a recording's bytes the ways real files get broken and hostile files are made:
/// flipped and overwritten bytes, deleted, duplicated and swapped ranges and lines,
/// truncation, and inserted control bytes, invalid UTF-8, deep brackets and huge or boundary
/// numbers.
struct FuzzMutator {
    /// One change, described for the failure message.
    enum Operation: CustomStringConvertible {
        case flipBit(offset: Int, bit: Int)
        case setByte(offset: Int, byte: UInt8)
        case delete(Range<Int>)
        case duplicate(Range<Int>, at: Int)
        case truncate(at: Int)
        case swapLines(Int, Int)
        case duplicateLine(Int)
        case deleteLine(Int)
        case insert([UInt8], at: Int, what: String)
        case replaceNumber(Range<Int>, with: String)

        var description: String {
            switch self {
            case .flipBit(let offset, let bit): "flip bit \(bit) of byte \(offset)"
            case .setByte(let offset, let byte): "set byte \(offset) to 0x\(String(byte, radix: 16))"
            case .delete(let range): "delete bytes \(range)"
            case .duplicate(let range, let at): "copy bytes \(range) to \(at)"
            case .truncate(let at): "truncate at \(at)"
            case .swapLines(let a, let b): "swap lines \(a + 1) and \(b + 1)"
            case .duplicateLine(let line): "duplicate line \(line + 1)"
            case .deleteLine(let line): "delete line \(line + 1)"
            case .insert(_, let at, let what): "insert \(what) at \(at)"
            case .replaceNumber(let range, let text): "replace the number at \(range) with \(text.prefix(40))"
            }
        }
    }

    private static let interestingBytes: [UInt8] = [
        0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x20, 0x22, 0x2C, 0x2D, 0x2E, 0x30, 0x31, 0x39, 0x3A, 0x5B, 0x5C,
        0x5D, 0x65, 0x7B, 0x7D, 0x7F, 0x80, 0x9B, 0xBF, 0xC0, 0xC2, 0xE2, 0xED, 0xEF, 0xF4, 0xFF,
    ]

    private static let insertions: [(String, [UInt8])] = [
        ("ESC[2J", Array("\u{1B}[2J".utf8)), ("CR", [0x0D]), ("CRLF", [0x0D, 0x0A]), ("LF", [0x0A]), ("NUL", [0x00]),
        ("BEL", [0x07]), ("DEL", [0x7F]), ("C1 CSI", [0xC2, 0x9B]), ("U+2028", [0xE2, 0x80, 0xA8]),
        ("invalid byte FF", [0xFF]), ("overlong C0 AF", [0xC0, 0xAF]), ("surrogate ED A0 80", [0xED, 0xA0, 0x80]),
        ("cut sequence E2 82", [0xE2, 0x82]), ("lone continuation 80", [0x80]), ("above max F4 90 80 80", [0xF4, 0x90, 0x80, 0x80]),
        ("BOM", [0xEF, 0xBB, 0xBF]), ("escaped ESC", Array(#"\u001b[2J"#.utf8)), ("escaped NUL", Array(#"\u0000"#.utf8)),
        ("lone surrogate escape", Array(#"\ud800"#.utf8)), ("bad escape", Array(#"\x"#.utf8)), ("quote", [0x22]),
        ("backslash", [0x5C]), ("comma", [0x2C]), ("brace", [0x7B]), ("closing brace", [0x7D]), ("null", Array("null".utf8)),
        ("seq member", Array(#""seq":1,"#.utf8)), ("state member", Array(#""state":{},"#.utf8)),
        ("gap marker", Array(#"{"gap":{"after":1,"dropped":2}}"#.utf8 + [0x0A])),
        ("end marker", Array(#"{"end":{"seq":99,"state":null}}"#.utf8 + [0x0A])),
        ("header", Array(#"{"format":"redux-inspect","version":1,"reducer":"counter"}"#.utf8 + [0x0A])),
    ]

    private static let numbers = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775806", "18446744073709551616", "4294967296",
        "-1", "0", "1e308", "1e309", "-0.0", "1e-400", "4.9e-324", "0.1", "1E+2", "123456789012345678901234567890",
    ]

    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    private mutating func int(_ range: Range<Int>) -> Int {
        range.isEmpty ? range.lowerBound : Int.random(in: range, using: &generator)
    }

    /// Applies one to four operations to `bytes`, returning what was done.
    mutating func mutate(_ bytes: inout [UInt8]) -> [Operation] {
        var done: [Operation] = []
        for _ in 0..<int(1..<5) {
            done.append(mutateOnce(&bytes))
        }
        return done
    }

    private mutating func mutateOnce(_ bytes: inout [UInt8]) -> Operation {
        let count = bytes.count
        switch int(0..<14) {
        case 0 where count > 0:
            let offset = int(0..<count)
            let bit = int(0..<8)
            bytes[offset] ^= 1 << bit
            return .flipBit(offset: offset, bit: bit)
        case 1 where count > 0:
            let offset = int(0..<count)
            let byte = Bool.random(using: &generator) ? Self.interestingBytes.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            bytes[offset] = byte
            return .setByte(offset: offset, byte: byte)
        case 2 where count > 0:
            let start = int(0..<count)
            let range = start..<min(count, start + int(1..<65))
            bytes.removeSubrange(range)
            return .delete(range)
        case 3 where count > 0:
            let start = int(0..<count)
            let range = start..<min(count, start + int(1..<257))
            let at = int(0..<(count + 1))
            bytes.insert(contentsOf: bytes[range], at: at)
            return .duplicate(range, at: at)
        case 4 where count > 0:
            let at = int(0..<count)
            bytes.removeSubrange(at...)
            return .truncate(at: at)
        case 5, 6, 7:
            var lines = Self.lines(bytes)
            guard lines.count >= 2 else { return insertion(&bytes) }
            let a = int(0..<lines.count)
            let b = int(0..<lines.count)
            let operation: Operation
            switch int(0..<3) {
            case 0:
                lines.swapAt(a, b)
                operation = .swapLines(a, b)
            case 1:
                lines.insert(lines[a], at: a)
                operation = .duplicateLine(a)
            default:
                lines.remove(at: a)
                operation = .deleteLine(a)
            }
            bytes = Array(lines.joined(separator: [0x0A]))
            return operation
        case 8:
            let depth = int(500..<2_500)
            let open: UInt8 = Bool.random(using: &generator) ? 0x5B : 0x7B
            var text = [UInt8](repeating: open, count: depth)
            if open == 0x7B { text = Array(String(repeating: #"{"a":"#, count: depth).utf8) }
            if Bool.random(using: &generator) {
                text += open == 0x5B ? [UInt8](repeating: 0x5D, count: depth) : Array("1".utf8) + [UInt8](repeating: 0x7D, count: depth)
            }
            let at = int(0..<(count + 1))
            bytes.insert(contentsOf: text, at: at)
            return .insert(text, at: at, what: "\(depth) nested \(open == 0x5B ? "arrays" : "objects")")
        case 9:
            let digits = int(19..<2_000)
            let text = Array(String(repeating: "9", count: digits).utf8)
            let at = int(0..<(count + 1))
            bytes.insert(contentsOf: text, at: at)
            return .insert(text, at: at, what: "a number of \(digits) digits")
        case 10, 11:
            guard let range = Self.numberRange(in: bytes, near: int(0..<(count + 1))) else { return insertion(&bytes) }
            let text = Self.numbers.randomElement(using: &generator)!
            bytes.replaceSubrange(range, with: Array(text.utf8))
            return .replaceNumber(range, with: text)
        default:
            return insertion(&bytes)
        }
    }

    private mutating func insertion(_ bytes: inout [UInt8]) -> Operation {
        let (name, text) = Self.insertions.randomElement(using: &generator)!
        let at = int(0..<(bytes.count + 1))
        bytes.insert(contentsOf: text, at: at)
        return .insert(text, at: at, what: name)
    }

    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    }

    /// The range of the first run of digits at or after `start`, if any.
    static func numberRange(in bytes: [UInt8], near start: Int) -> Range<Int>? {
        guard let first = bytes[start...].firstIndex(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let end = bytes[first...].firstIndex { !($0 >= 0x30 && $0 <= 0x39) } ?? bytes.count
        return first..<end
    }
}

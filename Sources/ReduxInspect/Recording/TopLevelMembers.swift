import Foundation

/// Finds the members of a one-line JSON object and the byte range of each value, without
/// building the values.
///
/// Indexing a recording needs only each line's kind, `seq` and whether it holds a state;
/// skipping over the (possibly large) state instead of parsing it is what lets the index be
/// built at close to read speed. It checks structure only: a line it accepts may still hold
/// an invalid value, which the full parser reports when the line is read. It returns `nil`
/// for anything that is not a well-formed object, and the caller then parses the line to
/// find and report the error precisely.
struct TopLevelMembers {
    /// A member's key (its raw bytes between the quotes) and its value's range in the line.
    struct Member {
        let key: Range<Int>
        let value: Range<Int>
    }

    let members: [Member]

    init?(_ line: UnsafeBufferPointer<UInt8>) {
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
            } while depth > 0 || (index < count && !Self.endsScalar(line[index]))
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
        members = found
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    /// The first member whose key is exactly `name` (keys with escapes never match).
    func member(_ name: StaticString, in line: UnsafeBufferPointer<UInt8>) -> Member? {
        let nameBuffer = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        return members.first { member in
            member.key.count == nameBuffer.count
                && zip(member.key, nameBuffer).allSatisfy { line[$0] == $1 }
        }
    }

    /// The value of `range` as a non-negative decimal integer, or `nil`.
    static func integer(_ range: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !range.isEmpty, range.count <= 18 else { return nil }
        var value = 0
        for index in range {
            let digit = Int(line[index]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        if range.count > 1 && line[range.lowerBound] == UInt8(ascii: "0") { return nil }
        return value
    }
}

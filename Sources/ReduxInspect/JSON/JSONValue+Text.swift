import Redux

extension JSONValue {
    /// The value as compact JSON text: no white space, members in their order, numbers as
    /// written. Strings are escaped so the text holds no control characters.
    public var compactText: String {
        var output: [UInt8] = []
        JSONTextWriter(indent: nil).write(self, to: &output, level: 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// The value as indented JSON text, `indent` spaces per level, for people to read.
    public func prettyText(indent: Int = 2) -> String {
        var output: [UInt8] = []
        JSONTextWriter(indent: indent).write(self, to: &output, level: 0)
        return String(decoding: output, as: UTF8.self)
    }
}

/// Writes JSON text as UTF-8 bytes; with an indent, one member or element per line.
///
/// Bytes, not `String`s: `diff` writes a value or two for every change of every step, and
/// appending to a `String` a piece at a time (a scalar at a time, for quoted strings) cost
/// more than finding the changes did.
struct JSONTextWriter {
    /// Spaces per level, or `nil` for compact output.
    let indent: Int?

    func write(_ value: JSONValue, to output: inout [UInt8], level: Int) {
        switch value {
        case .null: output.append(literal: "null")
        case .bool(let flag): output.append(literal: flag ? "true" : "false")
        case .number(let number): output.append(utf8: number.text)
        case .string(let string): JSONTextWriter.writeQuoted(string, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output.append(literal: "[]"); return }
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(&output, level: level + 1)
                write(element, to: &output, level: level + 1)
            }
            newline(&output, level: level)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { output.append(literal: "{}"); return }
            output.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(&output, level: level + 1)
                JSONTextWriter.writeQuoted(member.key, to: &output)
                output.append(literal: indent == nil ? ":" : ": ")
                write(member.value, to: &output, level: level + 1)
            }
            newline(&output, level: level)
            output.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ output: inout [UInt8], level: Int) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    /// Appends `string` as a quoted JSON string to `output`. Control characters (C0, DEL and
    /// C1), line and paragraph separators, bidirectional controls and invisible characters are
    /// escaped, so the result is safe to print on a terminal and reads in the order it is
    /// written.
    ///
    /// Runs of bytes that need no escape are copied whole. Every scalar that must be escaped
    /// is ASCII or starts with one of the bytes ``PathText/mayStartEscapedNonASCII(_:)`` names
    /// (C1 controls, separators, bidirectional controls and invisible characters), so only
    /// those bytes stop a run.
    static func writeQuoted(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                // The scalar to escape here, and how many bytes it takes.
                let escaped: (scalar: UInt32, length: Int)
                if byte >= 0x20 && byte < 0x7F {
                    guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                        offset += 1
                        continue
                    }
                    escaped = (UInt32(byte), 1)
                } else if byte < 0x80 {
                    escaped = (UInt32(byte), 1)
                } else if PathText.mayStartEscapedNonASCII(byte) {
                    // 0xC2, 0xCD and 0xD8 start scalars of two bytes; 0xE1 to 0xEF, of three.
                    let length = byte < 0xE0 ? 2 : 3
                    let scalar = decode(bytes, at: offset, length: length)
                    guard PathText.isEscapedNonASCII(Unicode.Scalar(scalar)!) else {
                        offset += length
                        continue
                    }
                    escaped = (scalar, length)
                } else {
                    offset += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
                appendEscape(of: escaped.scalar, to: &output)
                offset += escaped.length
                runStart = offset
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The scalar encoded by the `length` bytes at `offset`: 2 or 3 bytes of valid UTF-8.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, length: Int) -> UInt32 {
        if length == 2 { return UInt32(bytes[offset] & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F) }
        return UInt32(bytes[offset] & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6
            | UInt32(bytes[offset + 2] & 0x3F)
    }

    /// Appends the escape of the scalar `value`: a short one where JSON has it, else `\uXXXX`.
    private static func appendEscape(of value: UInt32, to output: inout [UInt8]) {
        let short: UInt8? =
            switch value {
            case 0x22: UInt8(ascii: "\"")
            case 0x5C: UInt8(ascii: "\\")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            default: nil
            }
        output.append(UInt8(ascii: "\\"))
        if let short {
            output.append(short)
            return
        }
        output.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: value >> UInt32(shift)) & 0xF
            output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }
}

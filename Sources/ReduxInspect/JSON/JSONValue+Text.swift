extension JSONValue {
    /// The value as compact JSON text: no white space, members in their order, numbers as
    /// written. Strings are escaped so the text holds no control characters.
    public var compactText: String {
        var output = ""
        JSONTextWriter(indent: nil).write(self, to: &output, level: 0)
        return output
    }

    /// The value as indented JSON text, `indent` spaces per level, for people to read.
    public func prettyText(indent: Int = 2) -> String {
        var output = ""
        JSONTextWriter(indent: indent).write(self, to: &output, level: 0)
        return output
    }
}

/// Writes JSON text; with an indent, one member or element per line.
struct JSONTextWriter {
    /// Spaces per level, or `nil` for compact output.
    let indent: Int?

    func write(_ value: JSONValue, to output: inout String, level: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += number.text
        case .string(let string): JSONTextWriter.writeQuoted(string, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                newline(&output, level: level + 1)
                write(element, to: &output, level: level + 1)
            }
            newline(&output, level: level)
            output += "]"
        case .object(let object):
            guard !object.isEmpty else { output += "{}"; return }
            output += "{"
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { output += "," }
                newline(&output, level: level + 1)
                JSONTextWriter.writeQuoted(member.key, to: &output)
                output += indent == nil ? ":" : ": "
                write(member.value, to: &output, level: level + 1)
            }
            newline(&output, level: level)
            output += "}"
        }
    }

    private func newline(_ output: inout String, level: Int) {
        guard let indent else { return }
        output += "\n"
        output += String(repeating: " ", count: indent * level)
    }

    /// Appends `string` as a quoted JSON string. Control characters (C0, DEL and C1), line and
    /// paragraph separators and bidirectional controls are escaped, so the result is safe to
    /// print on a terminal and reads in the order it is written.
    static func writeQuoted(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
                    || TerminalText.isLayoutControl(scalar)
                {
                    output += "\\u"
                    let hex = String(scalar.value, radix: 16)
                    output += String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

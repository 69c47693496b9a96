import Foundation
import Testing

@testable import ReduxInspect

/// The JSON text writer copies runs of bytes and stops only where an escape may be due; these
/// tests hold it to the rule it implements, applied one scalar at a time.
@Suite struct JSONTextWriterTests {
    /// Scalars around every boundary the writer's byte tests draw: C0, DEL, C1, the first
    /// scalars of two and three bytes, the separators, bidirectional controls and invisible
    /// characters and their neighbours (and others that start with the same bytes), and
    /// scalars of four bytes.
    static let scalars: [Unicode.Scalar] = [
        0x00, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1B, 0x1F, 0x20, 0x22, 0x2F, 0x41, 0x5C, 0x7E, 0x7F,
        0x80, 0x85, 0x9F, 0xA0, 0xE9, 0xFF, 0x100, 0x7FF, 0x800, 0x2000, 0x2027, 0x2028, 0x2029,
        0x202A, 0x202E, 0x202F, 0x2065, 0x2066, 0x2069, 0x206A, 0x20AC, 0x2FFF, 0xE000, 0xFFFD,
        0x1F600, 0x10FFFF, 0x600, 0x61B, 0x61C, 0x61D, 0x63F, 0x200A, 0x200B, 0x200C, 0x200D,
        0x200E, 0x200F, 0x2010, 0x205F, 0x2060, 0x2064, 0xF000, 0xFEFE, 0xFEFF, 0xFF00,
    ].map { Unicode.Scalar(UInt32($0))! }

    @Test func quotedStringsMatchTheRuleOneScalarAtATime() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<3_000 {
            var string = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                string.unicodeScalars.append(Self.scalars.randomElement(using: &generator)!)
            }
            let written = JSONValue.string(string).compactText
            #expect(written == Self.reference(string), "\(Array(string.unicodeScalars))")
            #expect(try JSONParser.parse(written) == .string(string))
        }
    }

    @Test func longValuesAreStillCutByCharacters() {
        let formatter = DiffTextFormatter(valueWidth: 6)
        let change = JSONChange(path: [.key("note")], kind: .added(.string("é\u{301}é\u{301}é\u{301}é\u{301}é\u{301}")),
            pointer: JSONPointer(["note"]))
        // Seven characters, of 22 bytes, cut to six: the quote, four letters with their
        // accents, and the ellipsis.
        #expect(formatter.line(for: change) == "+ note: \"é\u{301}é\u{301}é\u{301}é\u{301}…")
    }

    /// The rule: `"` and `\` and the control characters JSON has short escapes for get them;
    /// other C0 and C1 controls, DEL, the line and paragraph separators, the bidirectional
    /// controls and marks, and the invisible characters other than the zero width joiner and
    /// non-joiner get `\u` and four lower-case hex digits; everything else is written as it is.
    private static func reference(_ string: String) -> String {
        var output = "\""
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
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
                    || [0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
                        .contains(scalar.value)
                    || [0x061C, 0x200B, 0x200E, 0x200F, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF]
                        .contains(scalar.value)
                {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}

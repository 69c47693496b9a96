import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// Bidirectional controls in a recording ("Trojan Source" style) must not reorder what the
/// terminal shows, and characters that show as nothing must not make two different keys or
/// values look the same: they are printed as escapes, in plain text and in JSON.
@Suite struct BidiEscapeTests {
    static let controls: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}",
    ]
    static let invisible: [Unicode.Scalar] = [
        "\u{200B}", "\u{2060}", "\u{2064}", "\u{FEFF}", "\u{00AD}", "\u{034F}", "\u{115F}", "\u{1160}", "\u{17B4}",
        "\u{17B5}", "\u{180E}", "\u{3164}", "\u{FFA0}", "\u{FFF9}", "\u{FFFB}",
    ]
    /// Shown as they are: letters and marks of scripts written with the same first bytes
    /// as characters that are escaped, and the joiners emoji are written with.
    static let visible: [Unicode.Scalar] = ["\u{30AB}", "\u{AC00}", "\u{1100}", "\u{17B6}", "\u{0301}", "\u{200D}", "\u{FE0F}"]

    @Test(arguments: controls + invisible)
    func escapedInTextAndJSON(_ control: Unicode.Scalar) throws {
        let text = "total \(Character(control))0.99"
        #expect(!TerminalText.escape(text).unicodeScalars.contains(control))
        let json = JSONValue.string(text).compactText
        #expect(!json.unicodeScalars.contains(control))
        #expect(try JSONParser.parse(json) == .string(text), "still the same JSON value")
    }

    @Test(arguments: visible)
    func notEscaped(_ scalar: Unicode.Scalar) {
        let text = "a\(Character(scalar))b"
        #expect(TerminalText.escape(text) == text)
        #expect(JSONValue.string(text).compactText == "\"\(text)\"")
    }

    @Test func logAndDiffPrintNoBidiControl() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("bidi.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"initialState":{"text":""}}"#,
            #"{"seq":1,"type":"note\u202e","action":{"note":{"text":"abc\u202edef"}},"state":{"text":"x\u2066y"}}"#,
            #"{"seq":2,"type":"note","action":{"note":{"text":"z"}},"state":{"text":"x\u2067z"}}"#,
        ])
        for arguments in [["log", file], ["diff", file], ["show", file, "--at", "2"]] {
            let result = CLITestSupport.run(arguments)
            #expect(result.code == 0, "\(arguments): \(result)")
            let printed = result.out + result.err
            #expect(!printed.unicodeScalars.contains { Self.controls.contains($0) }, "\(arguments)")
        }
    }

    @Test func keysThatDifferByAnInvisibleCharacterPrintDifferently() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("invisible.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"initialState":{"name":"a","name\u200b":"a"}}"#,
            #"{"seq":1,"type":"rename","action":{"rename":{}},"state":{"name":"a","name\u200b":"b"}}"#,
        ])
        for arguments in [["diff", file], ["diff", file, "--format", "json"], ["show", file, "--at", "1"]] {
            let result = CLITestSupport.run(arguments)
            #expect(result.code == 0, "\(arguments): \(result)")
            #expect(!result.out.unicodeScalars.contains("\u{200B}"), "\(arguments): \(result.out)")
            // In JSON, the path's escape is itself escaped: `\\u200b`.
            #expect(result.out.contains(#"name\u200b"#) || result.out.contains(#"name\\u200b"#), "\(arguments): \(result.out)")
        }
        let diff = CLITestSupport.run(["diff", file])
        #expect(diff.out.contains(#"["name\u200b"]: "a" → "b""#), "\(diff.out)")
    }
}

import Foundation
import Testing

@testable import ReduxInspect

/// Colours only on a terminal and never with `NO_COLOR`; control characters from a recording
/// never reach the terminal raw.
@Suite struct CLITerminalTests {
    typealias Support = CLITestSupport

    static let escape = "\u{1B}"
    static let shop = CLITestSupport.fixture("shop.jsonl")

    struct Setting: CustomStringConvertible, Sendable {
        let terminal: Bool
        let environment: [String: String]
        let coloured: Bool
        var description: String { "terminal: \(terminal), environment: \(environment)" }
    }

    static let settings = [
        Setting(terminal: false, environment: [:], coloured: false),
        Setting(terminal: true, environment: [:], coloured: true),
        Setting(terminal: true, environment: ["TERM": "xterm-256color"], coloured: true),
        Setting(terminal: true, environment: ["NO_COLOR": "1"], coloured: false),
        Setting(terminal: true, environment: ["NO_COLOR": "1", "TERM": "xterm-256color"], coloured: false),
        Setting(terminal: true, environment: ["TERM": "dumb"], coloured: false),
        // The NO_COLOR convention: an empty value does not count.
        Setting(terminal: true, environment: ["NO_COLOR": ""], coloured: true),
        Setting(terminal: false, environment: ["TERM": "xterm-256color"], coloured: false),
    ]

    @Test(arguments: settings)
    func colours(_ setting: Setting) {
        for arguments in [["replay", Self.shop], ["diff", Self.shop], ["log", Self.shop]] {
            let result = Support.run(arguments, terminal: setting.terminal, environment: setting.environment)
            #expect(result.code == 0)
            #expect(result.out.contains(Self.escape) == setting.coloured, "\(arguments[0])")
        }
    }

    @Test func colouredOutputIsThePlainOutputWithSGRCodes() {
        let plain = Support.run(["replay", Self.shop])
        let coloured = Support.run(["replay", Self.shop], terminal: true)
        let stripped = coloured.out.replacing(/\x1B\[[0-9;]*m/, with: "")
        #expect(stripped == plain.out)
        #expect(coloured.outLines.first == "\u{1B}[1mseq 1\u{1B}[0m  \u{1B}[36maddToCart\u{1B}[0m  {\"addToCart\":{\"productID\":1,\"quantity\":2}}")
    }

    /// A todos recording whose strings carry a clear-screen sequence and carriage returns, in
    /// the action, the type, and a gap's reason.
    static let hostile = [
        #"{"format":"redux-inspect","version":1,"reducer":"todos"}"#,
        #"{"seq":1,"type":"addItem\u001b[2J","action":{"addItem":{"title":"\u001b[2J hi \r there"}}}"#,
        #"{"gap":{"after":1,"dropped":2,"reason":"queue \u001b[31mfull\r"}}"#,
        #"{"seq":4,"action":{"addItem":{"title":"x\u001b"}}}"#,
    ]

    static let commands: [[String]] = [
        ["log"], ["replay"], ["replay", "--format", "json"], ["diff"], ["diff", "--format", "json-patch"],
        ["diff", "--format", "json"], ["show", "--at", "4"], ["check"],
    ]

    @Test(arguments: commands)
    func controlCharactersAreEscaped(_ command: [String]) throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("hostile.jsonl", lines: Self.hostile)
        let result = Support.run([command[0], file] + command.dropFirst())
        #expect(result.code == 0, "\(result)")
        for text in [result.out, result.err] {
            #expect(!text.contains("\u{1B}"))
            #expect(!text.unicodeScalars.contains("\r"))
        }
    }

    @Test func escapedTextIsReadable() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("hostile.jsonl", lines: Self.hostile)
        #expect(
            Support.run(["log", file]).out == #"""
                    1  addItem\u{1B}[2J  {"addItem":{"title":"\u001b[2J hi \r there"}}
                ! 2 entries missing after seq 1 (queue \u{1B}[31mfull\r)
                    4  addItem  {"addItem":{"title":"x\u001b"}}

                """#)
        #expect(
            Support.run(["replay", file]).out == #"""
                seq 1  addItem\u{1B}[2J  {"addItem":{"title":"\u001b[2J hi \r there"}}
                  + categories[id=1].items[id=2]: {"id":2,"title":"\u001b[2J hi \r there","done":false}
                  ~ nextID: 2 → 3
                ! 2 entries missing after seq 1 (queue \u{1B}[31mfull\r)
                seq 4  addItem  {"addItem":{"title":"x\u001b"}}
                  + categories[id=1].items[id=3]: {"id":3,"title":"x\u001b","done":false}
                  ~ nextID: 3 → 4
                2 steps replayed with reducer todos; no recorded state to compare with

                """#)
        #expect(
            Support.run(["diff", file, "1"]).out == #"""
                @@ seq 1 addItem\u{1B}[2J @@
                + categories[id=1].items[id=2]: {"id":2,"title":"\u001b[2J hi \r there","done":false}
                ~ nextID: 2 → 3

                """#)
    }

    @Test func controlCharactersInKeysAreEscaped() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "keys.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"mystery","initialState":{}}"#,
                #"{"seq":1,"action":{"set":{}},"state":{"a\u001b[2Jb":1,"c\rd":[1]}}"#,
            ])
        for command in [["diff", file], ["show", file, "--at", "1"], ["log", file]] {
            let result = Support.run(command)
            #expect(result.code == 0)
            #expect(!result.out.contains("\u{1B}") && !result.out.unicodeScalars.contains("\r"), "\(command[0]): \(result.out)")
        }
    }

    @Test func escape() {
        #expect(TerminalText.escape("plain ☕ text") == "plain ☕ text")
        // One line always: a line feed from a recording could forge a line of output.
        #expect(TerminalText.escape("two\nlines") == #"two\nlines"#)
        #expect(TerminalText.escape("\u{1B}[2J\r\t\u{7}\u{7F}\u{9B}") == #"\u{1B}[2J\r\t\u{7}\u{7F}\u{9B}"#)
        #expect(TerminalText.escape("a\u{2028}b") == #"a\u{2028}b"#)
    }
}

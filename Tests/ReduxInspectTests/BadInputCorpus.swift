import Foundation

/// The bad-recording corpus in `Fixtures/bad/`: every file, the exit code the inspector must
/// give it, and what its one-line message must say. This table is the source of truth; the
/// folder's `README.md` mirrors it for people, and a test keeps the two in step.
///
/// Files named `ok-…` are accepted (exit 0), perhaps with `warning:` lines; every other file
/// is rejected with exit 65 and exactly one `Error:` line naming the file, line and column.
enum BadInputCorpus {
    /// One file of the corpus.
    struct Case: CustomStringConvertible, Sendable {
        /// The file's name in `Fixtures/bad/`.
        let file: String
        /// The exit code of `check`, `replay`, `diff`, `step` and `verify`.
        let exit: Int32
        /// What the message says after the file's path: for an error, `:line:column: what`;
        /// for an accepted file, a fragment of its warning, or `nil` when it has none.
        let message: String?
        /// The exit code of `check --strict`, when it differs from ``exit``.
        let strictExit: Int32?

        /// A rejected file: exit 65 and `message`.
        init(_ file: String, _ message: String) {
            self.init(file, 65, message)
        }

        init(_ file: String, _ exit: Int32, _ message: String?, strictExit: Int32? = nil) {
            self.file = file
            self.exit = exit
            self.message = message
            self.strictExit = strictExit
        }

        var description: String { file }

        /// The file's path.
        var path: String { BadInputCorpus.directory.appendingPathComponent(file).path }

        /// Whether the inspector accepts the file.
        var isAccepted: Bool { exit == 0 }
    }

    /// `Fixtures/bad/`.
    static let directory = CLITestSupport.fixturesDirectory.appendingPathComponent("bad")

    static let cases: [Case] = [
        // Invalid JSON of every kind. Errors in the line's structure are found while indexing
        // (no seq yet); errors inside a value when the entry is read (with its seq). A state
        // is not skimmed while indexing, so errors in its structure too are found when read.
        Case("invalid-json-trailing-comma.jsonl", ":3:35: trailing comma is not allowed (seq 2)"),
        Case("invalid-json-trailing-comma-in-array.jsonl", ":3:51: trailing comma is not allowed (seq 2)"),
        Case("invalid-json-missing-comma.jsonl", ":3:10: expected ',' or '}' after object member (seq 2)"),
        Case("invalid-json-missing-colon.jsonl", ":3:19: expected ':' after object key (seq 2)"),
        Case("invalid-json-missing-value.jsonl", ":3:19: expected a value, found '}' (seq 2)"),
        Case("invalid-json-unquoted-key.jsonl", ":3:2: expected '\"' to begin an object key"),
        Case("invalid-json-single-quotes.jsonl", ":3:20: expected '\"' to begin an object key (seq 2)"),
        Case("invalid-json-bad-literal.jsonl", ":3:43: invalid literal, expected 'true' (seq 2)"),
        Case("invalid-json-nan.jsonl", ":3:39: expected a value, found 'N' (seq 2)"),
        Case("invalid-json-leading-zero.jsonl", ":3:39: leading zeros are not allowed in numbers (seq 2)"),
        Case("invalid-json-minus-without-digit.jsonl", ":3:40: expected a digit after '-' (seq 2)"),
        Case("invalid-json-fraction-without-digit.jsonl", ":3:41: expected a digit after the decimal point (seq 2)"),
        Case("invalid-json-exponent-without-digit.jsonl", ":3:41: expected a digit in the exponent (seq 2)"),
        Case("invalid-json-invalid-escape.jsonl", ":3:22: invalid escape '\\x' in string (seq 2)"),
        Case("invalid-json-bad-unicode-escape.jsonl", ":3:18: expected four hexadecimal digits after '\\u' (seq 2)"),
        Case("invalid-json-lone-surrogate.jsonl", ":3:18: lone surrogate '\\uD800' in string (seq 2)"),
        Case("invalid-json-unescaped-tab.jsonl", ":3:19: control character U+0009 in string must be escaped (seq 2)"),
        Case("invalid-json-text-after-value.jsonl", ":3:37: unexpected text after the value (seq 2)"),
        Case("invalid-json-two-objects-on-one-line.jsonl", ":2:36: unexpected text after the value (seq 1)"),
        Case("invalid-json-unclosed-object.jsonl", ":2:35: unexpected end of input: expected ',' or '}' after object member (seq 1)"),
        Case("invalid-json-unterminated-string.jsonl", ":2:43: unterminated string (seq 1)"),
        Case("invalid-json-mismatched-brackets.jsonl", ":3:33: expected a value, found '}' (seq 2)"),
        Case("invalid-json-comment.jsonl", ":2:1: expected a value, found '/'"),
        Case("invalid-json-state-unterminated-string.jsonl", ":3:62: unterminated string (seq 2)"),
        Case(
            "invalid-json-state-unbalanced-brackets.jsonl",
            ":3:65: expected ',' or ']' after array element (seq 2)"),
        // Only a line cut short is forgiven on the last line, not one with a mistake in it.
        Case("invalid-json-last-line-without-newline.jsonl", ":3:35: trailing comma is not allowed (seq 2)"),
        // Lines that are JSON but not a recording's.
        Case("not-an-object-array.jsonl", ":2:1: expected a JSON object on every line, found an array"),
        Case("not-an-object-string.jsonl", ":2:1: expected a JSON object on every line, found a string"),
        Case("not-an-object-number.jsonl", ":2:1: expected a JSON object on every line, found a number"),
        Case("not-an-object-null.jsonl", ":2:1: expected a JSON object on every line, found null"),
        Case(
            "unknown-line-shape.jsonl",
            ":3:1: expected an entry with an \"action\", a header, or a \"gap\" or \"end\" marker"),
        Case("type-not-a-string.jsonl", ":3:17: expected \"type\" to be a string (seq 2)"),
        Case(
            "gap-marker-malformed.jsonl",
            ":3:17: expected \"after\" to be a seq (a whole number) in a gap marker {\"gap\":{\"after\":SEQ,\"dropped\":N}}"),
        Case(
            "gap-marker-negative-count.jsonl",
            ":3:29: expected \"dropped\" to be a whole number of 1 or more in a gap marker {\"gap\":{\"after\":SEQ,\"dropped\":N}}"
        ),
        Case("header-reducer-not-string.jsonl", ":1:49: expected \"reducer\" to be a string, found a number"),
        Case("end-marker-malformed.jsonl", ":4:15: expected an end marker {\"end\":{\"seq\":SEQ,\"state\":…}}"),
        // The recorder writes the end marker last, once: its state is compared with the last
        // step's, so one in the middle, a second one or one behind the entries is refused.
        Case(
            "end-marker-not-last.jsonl",
            ":4:1: a line after the end marker on line 3: expected the end marker to be the last line"),
        Case(
            "end-marker-twice.jsonl",
            ":5:1: a line after the end marker on line 4: expected the end marker to be the last line"),
        Case(
            "end-marker-seq-backwards.jsonl",
            ":4:15: end marker's seq goes backwards from 2 to 1: expected the last entry's seq or a later one (seq 1)"),
        // Invalid UTF-8, NUL bytes, a byte order mark, raw control characters.
        Case("invalid-utf8.jsonl", ":3:22: invalid UTF-8 byte 0xff (seq 2)"),
        Case("invalid-utf8-latin1.jsonl", ":3:21: incomplete UTF-8 sequence starting with byte 0xe9 (seq 2)"),
        Case("invalid-utf8-overlong.jsonl", ":3:18: invalid UTF-8 byte 0xc0 (seq 2)"),
        Case("invalid-utf8-surrogate.jsonl", ":3:18: surrogate code point (U+D800 to U+DFFF) encoded in UTF-8 (seq 2)"),
        Case("invalid-utf8-above-maximum.jsonl", ":3:18: UTF-8 sequence above U+10FFFF (seq 2)"),
        Case("invalid-utf8-truncated-sequence.jsonl", ":3:18: incomplete UTF-8 sequence starting with byte 0xe2 (seq 2)"),
        Case("invalid-utf8-lone-continuation-byte.jsonl", ":3:18: invalid UTF-8 byte 0x80 (seq 2)"),
        Case("invalid-utf8-in-key.jsonl", ":3:38: invalid UTF-8 byte 0xff (seq 2)"),
        Case("invalid-utf8-outside-string.jsonl", ":3:36: invalid UTF-8 byte 0xa0 (seq 2)"),
        Case("nul-byte.jsonl", ":3:22: control character U+0000 in string must be escaped (seq 2)"),
        Case("nul-byte-line.jsonl", ":3:1: expected a value, found byte 0x00"),
        Case("bom.jsonl", ":1:1: byte order mark: expected UTF-8 without a BOM"),
        Case("bom-on-second-line.jsonl", ":2:1: byte order mark is not allowed"),
        Case("ansi-escape-raw-in-string.jsonl", ":3:18: control character U+001B in string must be escaped (seq 2)"),
        Case("carriage-return-raw-in-string.jsonl", ":3:22: control character U+000D in string must be escaped (seq 2)"),
        // Nothing to read.
        Case("empty.jsonl", ":1:1: empty file: expected a recording"),
        Case("only-blank-lines.jsonl", ":1:1: no entries: expected at least one line with an \"action\""),
        // seq.
        Case("seq-backwards.jsonl", ":4:8: seq goes backwards from 3 to 2: expected seq to increase (seq 2)"),
        Case("seq-repeats.jsonl", ":3:8: seq 1 repeats: expected seq to increase (seq 1)"),
        Case("seq-zero.jsonl", ":2:8: expected seq to start at 1 (seq 0)"),
        Case("seq-negative.jsonl", ":3:8: expected \"seq\" to be a positive integer of at most 18 digits"),
        Case("seq-not-a-number.jsonl", ":3:8: expected \"seq\" to be a positive integer of at most 18 digits"),
        Case("seq-fraction.jsonl", ":3:8: expected \"seq\" to be a positive integer of at most 18 digits"),
        Case("seq-too-large.jsonl", ":3:8: expected \"seq\" to be a positive integer of at most 18 digits"),
        // The header.
        Case("header-version-2.jsonl", ":1:37: unsupported recording version 2: this inspector reads version 1"),
        Case("header-version-not-an-integer.jsonl", ":1:37: expected the header's \"version\" to be an integer"),
        Case("header-version-missing.jsonl", ":1:1: expected the header's \"version\" to be an integer"),
        Case("header-wrong-format.jsonl", ":1:11: expected \"format\" to be \"redux-inspect\", found \"redux-devtools\""),
        Case("header-not-first.jsonl", ":2:1: a header is allowed only on the first line"),
        Case("header-after-gap-marker.jsonl", ":2:1: a header is allowed only on the first line"),
        Case(
            "header-initial-state-undecodable.jsonl",
            ":1:83: cannot decode the state as ReduxExamples.Counter.State: at count: expected Int, found a string (\"zero\")"),
        // Depth (the 100,000-deep, 100 MB and 10,000-digit cases are made by BadInputLargeTests).
        Case("nesting-600-deep.jsonl", ":3:555: nesting deeper than 512 levels (seq 2)"),
        // Actions the reducer's Action type cannot decode: the message names the coding path.
        Case(
            "undecodable-action.jsonl",
            ":3:39: cannot decode the action as ReduxExamples.Counter.Action: at incrementBy.n: expected Int, found a string (\"five\") (seq 2)"),
        Case(
            "undecodable-action-unknown-case.jsonl",
            ":3:19: cannot decode the action as ReduxExamples.Counter.Action: at (root): unknown case \"explode\" of Action (seq 2)"),
        Case(
            "undecodable-action-not-an-object.jsonl",
            ":3:19: cannot decode the action as ReduxExamples.Counter.Action: at (root): expected an object, found an array ([1,2,3]) (seq 2)"),
        Case(
            "undecodable-action-number-out-of-range.jsonl",
            ":3:39: cannot decode the action as ReduxExamples.Counter.Action: at incrementBy.n: expected Int, found 92233720368547758070 (out of range) (seq 2)"),
        // Accepted.
        Case("ok-crlf-line-endings.jsonl", 0, nil),
        Case("ok-end-marker-then-blank-lines.jsonl", 0, nil),
        Case("ok-end-marker-seq-int-max.jsonl", 0, ":3: 9223372036854775806 entries missing after seq 1"),
        Case(
            "ok-gap-marker-counts-too-large.jsonl", 0,
            ":4:17: gap marker after seq 1, which is not past seq 9223372036854775807 before it; its count is taken as given"),
        Case("ok-no-final-newline.jsonl", 0, nil),
        Case("ok-blank-lines-and-unknown-keys.jsonl", 0, nil),
        Case("ok-gap-in-seq.jsonl", 0, ":3: 3 entries missing after seq 1"),
        Case(
            "ok-truncated-last-line.jsonl", 0,
            ":4:20: truncated last line ignored (unterminated string); a crash while recording leaves this",
            strictExit: 65),
        Case("ok-ansi-escapes-in-strings.jsonl", 0, #":3: 2 entries missing after seq 1: queue \u{1B}[31mfull\r\n! fake line"#),
        // Its type is not the action's case; the warning escapes what it echoes.
        Case(
            "ok-c1-and-del-raw-in-strings.jsonl", 0,
            #":2: seq 1: type "add\u009b2JItem", but the recorder writes "addItem" for its action"#),
        // Int.max, then +1: the reducer must not trap (the example reducers wrap).
        Case("ok-int-max-in-action.jsonl", 0, nil),
    ]

    /// The `.jsonl` files in `Fixtures/bad/`, sorted.
    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted()
    }

    /// The exit codes `README.md` lists, by file name: the rows `| `file` | what it breaks | exit |`.
    static func readmeExitCodes() throws -> [String: Int32] {
        let text = try String(contentsOf: directory.appendingPathComponent("README.md"), encoding: .utf8)
        var codes: [String: Int32] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, let code = Int32(cells[cells.count - 1].prefix { $0.isNumber }) else { continue }
            codes[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = code
        }
        return codes
    }
}

import Foundation
import Testing

/// The bad inputs too large to commit — nesting 100,000 deep, a 100 MB line, numbers of 10,000
/// digits — made at test time and run through the built `redux-inspect` in a child process,
/// whose peak memory and time are measured from its own `rusage`.
///
/// The limits asserted are guards (1 GiB; 10 s against a hang), not benchmarks; the measured
/// figures are printed with `BAD_INPUT_REPORT=1`. The peak memory is an upper bound: a child
/// started with `posix_spawn` (vfork-like) also counts the test process's own peak until `exec`. Serialized, so that no two of the 100 MB
/// files are on disk or in memory at once.
@Suite(.serialized) struct BadInputLargeTests {
    static let header = #"{"format":"redux-inspect","version":1,"reducer":"counter"}"# + "\n"
    static let memoryLimit = 1 << 30

    struct Case: CustomStringConvertible, Sendable {
        let name: String
        /// What the message says after the path, up to `suffix`.
        let fragment: String
        /// How the one line on standard error ends.
        var suffix = "\n"
        /// Writes the file.
        let write: @Sendable (String) throws -> Void
        var description: String { name }

        init(name: String, fragment: String, suffix: String = "\n", make: @escaping @Sendable () -> Data) {
            self.name = name
            self.fragment = fragment
            self.suffix = suffix
            self.write = { path in try make().write(to: URL(fileURLWithPath: path)) }
        }

        /// A file of `prefix`, 100 MB of `filler` and `suffix`, written a megabyte at a time so
        /// the test process never holds it (its memory would count in the child's peak).
        init(name: String, fragment: String, prefix: Data, filler: UInt8, suffix: Data) {
            self.name = name
            self.fragment = fragment
            self.write = { path in
                guard FileManager.default.createFile(atPath: path, contents: prefix) else {
                    throw CocoaError(.fileWriteUnknown)
                }
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                defer { try? handle.close() }
                try handle.seekToEnd()
                let megabyte = Data(repeating: filler, count: 1_000_000)
                for _ in 0..<(BadInputLargeTests.hundredMegabytes / 1_000_000) { try handle.write(contentsOf: megabyte) }
                try handle.write(contentsOf: suffix)
            }
        }
    }

    static func text(_ text: String) -> Data { Data(text.utf8) }

    static let hundredMegabytes = 100_000_000

    static let cases: [Case] = [
        Case(name: "nesting-100000-deep-arrays", fragment: ":2:530: nesting deeper than 512 levels (seq 1)") {
            text(header + #"{"seq":1,"action":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}\n")
        },
        Case(name: "nesting-100000-deep-objects", fragment: ":2:2574: nesting deeper than 512 levels (seq 1)") {
            text(header + #"{"seq":1,"action":"# + String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_001) + "\n")
        },
        Case(name: "nesting-100000-deep-unclosed", fragment: ":2:530: nesting deeper than 512 levels") {
            text(header + #"{"seq":1,"action":"# + String(repeating: "[", count: 100_000) + "\n")
        },
        Case(
            name: "line-100-mb-in-a-string",
            fragment: ":2:1: line too long: expected at most 67108864 bytes, found \(hundredMegabytes + 45)",
            prefix: text(header + #"{"seq":1,"action":{"increment":{}},"note":""#), filler: UInt8(ascii: "x"),
            suffix: text("\"}\n")),
        Case(
            name: "line-100-mb-of-brackets-without-newline",
            fragment: ":1:1: line too long: expected at most 67108864 bytes, found \(hundredMegabytes)",
            prefix: Data(), filler: UInt8(ascii: "["), suffix: Data()),
        Case(
            name: "number-10000-digits-in-action",
            fragment: ":2:39: cannot decode the action as ReduxExamples.Counter.Action: at incrementBy.n: expected Int, found 9999",
            suffix: "… (out of range) (seq 1)\n"
        ) {
            text(header + #"{"seq":1,"action":{"incrementBy":{"n":"# + String(repeating: "9", count: 10_000) + "}}}\n")
        },
        Case(
            name: "number-10000-digit-exponent-in-action",
            fragment: ":2:39: cannot decode the action as ReduxExamples.Counter.Action: at incrementBy.n: expected Int, found 1e9999",
            suffix: "… (out of range) (seq 1)\n"
        ) {
            text(header + #"{"seq":1,"action":{"incrementBy":{"n":1e"# + String(repeating: "9", count: 10_000) + "}}}\n")
        },
        Case(name: "number-10000-digits-in-seq", fragment: ":2:8: expected \"seq\" to be a positive integer of at most 18 digits") {
            text(header + #"{"seq":"# + String(repeating: "7", count: 10_000) + #","action":{"increment":{}}}"# + "\n")
        },
    ]

    @Test(arguments: cases)
    func rejectedQuicklyInBoundedMemory(_ item: Case) throws {
        let binary = try EndToEndTests.binary().path
        let directory = try CLITemporaryDirectory()
        let path = directory.path("\(item.name).jsonl")
        try item.write(path)
        for command in BadInputExpect.commands {
            let script = try directory.file("script-\(command.name)", command.input)
            let outcome = try ChildProcess(executable: binary, arguments: command.arguments(path), inputPath: script).run()
            let label = "\(command.name) \(item.name)"
            if ProcessInfo.processInfo.environment["BAD_INPUT_REPORT"] == "1" {
                print("\(label): \(outcome.description.prefix { $0 != "\n" })")
            }
            #expect(!outcome.timedOut, "\(label): \(outcome)")
            #expect(outcome.exitCode == 65, "\(label): \(outcome)")
            #expect(outcome.maximumResidentBytes < Self.memoryLimit, "\(label): \(outcome)")
            #expect(outcome.err.hasSuffix(item.suffix), "\(label): \(outcome)")
            if command.name == "step" && outcome.err.hasPrefix("error: ") {
                // The session met the line: each command that needed it said so, and it went on.
                let lines = outcome.err.split(separator: "\n")
                #expect(
                    lines.allSatisfy { BadInputExpect.withoutScriptLine($0)?.hasPrefix("error: \(path)\(item.fragment)") == true },
                    "\(label): \(outcome)")
            } else {
                #expect(outcome.err.hasPrefix("Error: \(path)\(item.fragment)"), "\(label): \(outcome)")
                #expect(outcome.err.filter { $0 == "\n" }.count == 1, "\(label): \(outcome)")
            }
            BadInputExpect.clean(outcome.out, outcome.err, label)
        }
    }
}

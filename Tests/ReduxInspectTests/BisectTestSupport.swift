import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// What one in-process run of the inspector printed.
struct InspectorRun: CustomStringConvertible {
    let code: Int32
    let out: String
    let err: String

    /// Runs `redux-inspect ARGUMENTS` with the stock inspector, `input` as standard input.
    init(_ arguments: [String], input: String = "") {
        let context = CLIContext.capturing(input: input)
        code = Inspector.examples.run(arguments, context: context)
        out = (context.output as! StringSink).text
        err = (context.error as! StringSink).text
    }

    /// Standard output's lines, without the final empty one.
    var lines: [String] {
        var lines = out.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    var description: String { "exit \(code)\n--- stdout\n\(out)--- stderr\n\(err)" }
}

/// Fixtures, recordings written for a test, and the brute-force answers tests compare with.
enum BisectTestSupport {
    /// The shipped fixtures' names.
    static let fixtureNames = ["counter.jsonl", "shop.jsonl", "todos.jsonl"]

    /// `Fixtures/NAME`, found from this file's path.
    static func fixture(_ name: String, file: String = #filePath) -> String {
        URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// Where ``write(_:)`` puts its files: one directory for the test process, removed when the
    /// process exits, since the paths it hands out outlive the tests that asked for them.
    private static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("redux-inspect-bisect-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: BisectTestSupport.scratch) }
        return url
    }()

    /// Writes lines to a fresh `.jsonl` file in the test process's scratch directory and returns
    /// its path.
    static func write(_ lines: [String]) throws -> String {
        let path = scratch.appendingPathComponent("bisect-\(UUID().uuidString).jsonl").path
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// How a fixture is presented to a command.
    enum Variant: String, CaseIterable, Sendable {
        /// As shipped.
        case asShipped
        /// Every `state` removed (the header's `initialState` kept): commands must replay.
        case withoutStates
        /// A state on every entry, from an independent replay: commands must not replay.
        case withEveryState
    }

    /// A copy of fixture `name` in `variant` form.
    static func recording(_ name: String, _ variant: Variant) throws -> String {
        let file = fixture(name)
        guard variant != .asShipped else { return file }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let states = variant == .withEveryState ? try replayedStates(file) : [:]
        var lines: [String] = []
        for line in text.split(separator: "\n") {
            guard case .object(var object) = try JSONParser.parse(String(line)) else { continue }
            if let seq = object["seq"], case .number(let number) = seq {
                object["state"] = variant == .withEveryState ? states[Int(number.text)!] : nil
            } else if case .object(var end)? = object["end"] {
                end["state"] = nil
                object["end"] = .object(end)
            }
            lines.append(JSONValue.object(object).compactText)
        }
        return try write(lines)
    }

    /// The states after each step by seq, from `ReplayRun` (not from ``Timeline``).
    static func replayedStates(_ file: String) throws -> [Int: JSONValue] {
        let recording = try Recording(path: file)
        let reducer = try #require(Inspector.examples.reducers.first { $0.name == recording.reducerName })
        var states: [Int: JSONValue] = [:]
        try ReplayRun(recording: recording, reducer: reducer).run { step in
            states[step.entry.seq] = step.after
            return true
        }
        return states
    }

    /// The initial state and every step's (seq, state after it), brute force: the recorded
    /// state where the shipped fixture has one, else the independent replay.
    static func states(_ name: String) throws -> (initial: JSONValue, steps: [(seq: Int, state: JSONValue)]) {
        let file = fixture(name)
        let recording = try Recording(path: file)
        let replayed = try replayedStates(file)
        let initial = try #require(recording.header?.initialState)
        let steps = try recording.steps.indices.map { index in
            let entry = try recording.entry(at: index)
            return (entry.seq, entry.state ?? replayed[entry.seq]!)
        }
        return (initial, steps)
    }
}

import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// Runs the inspector in-process and keeps what it printed.
struct CLIResult: CustomStringConvertible {
    /// The exit code.
    let code: Int32
    /// Standard output.
    let out: String
    /// Standard error.
    let err: String

    /// Standard output's lines, without the final empty one.
    var outLines: [String] {
        var lines = out.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    var description: String { "exit \(code)\n--- stdout\n\(out)--- stderr\n\(err)" }
}

/// Shared helpers for the CLI, end-to-end, reader and timeline tests.
enum CLITestSupport {
    /// Runs `arguments` with the stock inspector (or another), capturing its output.
    static func run(
        _ arguments: [String], input: String = "", terminal: Bool = false, environment: [String: String] = [:],
        inspector: Inspector = .examples
    ) -> CLIResult {
        let context = CLIContext.capturing(input: input, outputIsTerminal: terminal, environment: environment)
        let code = inspector.run(arguments, context: context)
        return CLIResult(
            code: code, out: (context.output as! StringSink).text, err: (context.error as! StringSink).text)
    }

    /// The package's root directory.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Fixtures/`.
    static let fixturesDirectory = packageRoot.appendingPathComponent("Fixtures")

    /// The paths of the shipped fixtures, sorted.
    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { fixturesDirectory.appendingPathComponent($0).path }
    }()

    /// The path of one shipped fixture, such as `shop.jsonl`.
    static func fixture(_ name: String) -> String {
        fixturesDirectory.appendingPathComponent(name).path
    }

    /// Parses JSON text the CLI printed.
    static func json(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text)
    }

    /// The state after `seq` as `show --at` prints it, parsed.
    static func shownState(_ file: String, at seq: Int) throws -> JSONValue {
        let result = run(["show", file, "--at", String(seq)])
        try #require(result.code == 0, "show --at \(seq) failed: \(result)")
        return try json(result.out)
    }

    /// The `seq` of every step of a recording, in order.
    static func seqs(_ file: String) throws -> [Int] {
        try Recording(path: file).steps.map(\.seq)
    }
}

extension CLITestSupport {
    /// A copy of the recording at `path`, written in `directory`, whose entries keep their
    /// state only one in `keep` (none with 0): the same session, with states to replay.
    static func strippingStates(_ path: String, keepingOneIn keep: Int, in directory: CLITemporaryDirectory) throws -> String {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        var entry = 0
        let stripped = try lines.map { line throws -> String in
            guard case .object(var object) = try JSONParser.parse(line), object["seq"] != nil else { return line }
            entry += 1
            if keep == 0 || entry % keep != 0 { object["state"] = nil }
            return JSONValue.object(object).compactText
        }
        let name = (path as NSString).lastPathComponent.replacingOccurrences(of: ".jsonl", with: "-keeping-\(keep).jsonl")
        return try directory.file(name, lines: stripped)
    }
}

extension CLITestSupport {
    /// Expects `run(cores)`, what work spread across `cores` cores gave, to be the same on 2
    /// and 3 cores as on one, where it must hold more than `atLeast` lines.
    static func expectSameOnEveryCoreCount(atLeast: Int = 1, _ run: (Int) throws -> [String]) throws {
        let one = try run(1)
        #expect(one.count > atLeast)
        for cores in [2, 3] {
            #expect(try run(cores) == one, "\(cores) cores")
        }
    }
}

/// A directory under the system's temporary directory, removed when the value goes away.
final class CLITemporaryDirectory {
    /// The directory.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("redux-inspect-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to a file in the directory and returns its path.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes `lines`, each followed by a newline, and returns the path.
    @discardableResult
    func file(_ name: String, lines: [String]) throws -> String {
        try file(name, lines.map { $0 + "\n" }.joined())
    }

    /// The path of `name` in the directory, whether or not it exists.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

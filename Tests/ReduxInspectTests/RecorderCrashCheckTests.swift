import Foundation
import Testing

@testable import ReduxInspect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Acceptance: a process killed with SIGKILL during heavy recording leaves a file whose every
/// complete line is valid and whose `seq` values have no duplicates — and which
/// `redux-inspect check` accepts, with at most a warning about the truncated last line.
///
/// The recording comes from `redux-record-soak` (Tests/RecordSoak), which dispatches a
/// state-heavy session as fast as it can, from one thread or four, waiting for or dropping
/// from a full queue. A file whose writes hit a size limit part-way (a full disk) is checked
/// the same way.
@Suite(.serialized) struct RecorderCrashCheckTests {
    struct Load: CustomStringConvertible, Sendable {
        let arguments: [String]
        /// Kill once the file is this large.
        let killAt: Int
        var description: String { arguments.isEmpty ? "one thread, waiting" : arguments.joined(separator: " ") }
    }

    static let loads = [
        Load(arguments: [], killAt: 1 << 20),
        Load(arguments: ["--threads", "4"], killAt: 1 << 20),
        Load(arguments: ["--threads", "4", "--drop"], killAt: 1 << 19),
        Load(arguments: [], killAt: 200_000),
    ]

    static func soakExecutable() throws -> String {
        let candidates = EndToEndTests.productsDirectories.map { $0.appendingPathComponent("redux-record-soak").path }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw EndToEndTests.BinaryMissing(description: "redux-record-soak is not built; run `swift build` first")
        }
        return found
    }

    static func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    }

    /// A tool that exits with its recorder open (its store in a global, never released) still
    /// leaves every action it recorded on disk: the recorder flushes when the process exits.
    /// Only the end marker, which close writes, is missing, and check says so.
    @Test(.hangGuard) func exitingWithTheRecorderOpenKeepsTheSession() throws {
        let directory = try CLITemporaryDirectory()
        let path = directory.path("exit.jsonl")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.soakExecutable())
        process.arguments = [path, "500", "--exit-without-close"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let recording = try Recording(path: path)
        #expect(recording.steps.map(\.seq) == Array(1...500))
        #expect(recording.endSeq == nil)
        let check = CLITestSupport.run(["check", path])
        #expect(check.code == 0)
        #expect(check.out.contains("500 steps (seq 1…500), 500 with states, no gaps, no end marker (the recorder was not closed, or could not write it)"))
    }

    @Test(.hangGuard, arguments: loads)
    func killedWhileRecordingLeavesAFileThatChecks(_ load: Load) throws {
        let directory = try CLITemporaryDirectory()
        let path = directory.path("soak.jsonl")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.soakExecutable())
        process.arguments = [path] + load.arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        defer {
            if process.isRunning { kill(pid, SIGKILL) }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while Self.size(path) < load.killAt && ContinuousClock.now < deadline && process.isRunning {
            usleep(2_000)
        }
        kill(pid, SIGKILL)
        process.waitUntilExit()
        try #require(Self.size(path) >= load.killAt, "the soak tool wrote too little in time")
        #expect(process.terminationReason == .uncaughtSignal)

        // Every complete line is one valid JSON object; seq never repeats nor goes back.
        let data = try #require(FileManager.default.contents(atPath: path))
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let unfinished = lines.removeLast()
        #expect(lines.count > 10)
        var seqs: [Int] = []
        var dropped = 0
        for (index, line) in lines.enumerated() {
            let value: JSONValue
            do {
                value = try JSONParser.parse(line)
            } catch {
                Issue.record("line \(index + 1) is not valid JSON: \(error)")
                continue
            }
            if let seq = value["seq"], case .number(let number) = seq { seqs.append(Int(number.text) ?? -1) }
            if case .number(let count) = value["gap"]?["dropped"] ?? .null { dropped += Int(count.text) ?? 0 }
        }
        #expect(Set(seqs).count == seqs.count, "a seq is written twice")
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 }, "seq goes back")
        if load.arguments.contains("--drop") {
            #expect(dropped > 0, "four threads and a queue of 64 should have dropped entries")
        }

        let result = CLITestSupport.run(["check", path])
        #expect(result.code == 0, "\(result)")
        // Entries dropped before the last line are warned about first, in line order.
        let warnings = result.err.split(separator: "\n").filter { !$0.contains("entries missing") && !$0.contains("entry missing") }
        #expect(warnings.count == (unfinished.isEmpty ? 0 : 1), "\(result.err)")
        if !unfinished.isEmpty {
            #expect(warnings.first?.hasPrefix("warning: \(path):\(lines.count + 1):") == true, "\(result.err)")
        }
        #expect(result.out.contains(": ok: \(seqs.count) steps"), "\(result.out)")
    }

    /// Writes that fail part-way — the file has hit its size limit, as on a full disk — are cut
    /// back to the last complete line: the file checks, warning only of the gaps the failed
    /// writes left (written when a smaller write fits again).
    @Test(.hangGuard)
    func writesFailingPartWayLeaveOnlyCompleteLines() throws {
        let directory = try CLITemporaryDirectory()
        let path = directory.path("full.jsonl")
        let limit = 200_000
        let outcome = try ChildProcess(
            executable: try Self.soakExecutable(), arguments: [path, "3000", "--max-file-size", String(limit), "--flush-every", "10"],
            deadline: .seconds(60)
        ).run()
        #expect(outcome.exitCode == 0, "\(outcome)")
        #expect(outcome.err.contains("write failed: File too large"), "\(outcome)")
        #expect(Self.size(path) <= limit)
        #expect(Self.size(path) > 0)
        let result = CLITestSupport.run(["check", path])
        #expect(result.code == 0, "\(result)")
        // Gaps where writes failed are expected (and say why); a partial line is not.
        let warnings = result.err.split(separator: "\n")
        #expect(!result.err.contains("truncated"), "a write cut part-way left a partial line: \(result.err)")
        #expect(warnings.allSatisfy { $0.hasSuffix("write failed: File too large") }, "\(result.err)")
    }
}

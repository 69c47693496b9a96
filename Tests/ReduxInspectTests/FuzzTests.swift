import Foundation
import Testing

@testable import ReduxInspect

/// Seeded random mutations of every fixture — the shipped recordings and each file of
/// `Fixtures/bad/` — through the parser, the reader and the commands, in-process. The only
/// allowed outcomes are success, or a reported error: exit 64, 65 or 66 with exactly one
/// `Error:` line on standard error, and no raw control character in any output. Never a crash,
/// never a hang.
///
/// Every mutation (at least 10,000 in all, ``mutationsPerFixture`` per fixture) goes through
/// `JSONParser` (the whole input and each line), `Recording` (read from bytes, so invalid UTF-8
/// stays invalid; strict and not, alternately) and every entry and the end marker; then the
/// commands — `check`, `replay`, `diff`, `show --at` (the last step), `log` and a short `step`
/// script — run in-process on every ``commandInterval``-th mutation, which is every one (about
/// 10 s of CPU in a debug build; raise the interval if that grows).
///
/// Each mutation is made again from its seed: a failure prints the fixture, the mutation's index
/// and seed and what was done to the bytes; a crash prints them from a signal handler
/// (``FuzzCrashReport``). `FUZZ_SEED=<n>` changes the base seed, `FUZZ_MUTATIONS=<n>` the number
/// of mutations per fixture, for longer runs.
@Suite struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment

    static let baseSeed: UInt64 = environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_2026_1122

    /// The fixtures, as paths under `Fixtures/`.
    static let fixtures: [String] =
        CLITestSupport.fixtures.map { URL(fileURLWithPath: $0).lastPathComponent }
        + BadInputCorpus.files.map { "bad/\($0)" }

    static let minimumMutations = 10_000

    static let mutationsPerFixture: Int =
        environment["FUZZ_MUTATIONS"].flatMap { Int($0) }
        ?? (minimumMutations + fixtures.count - 1) / fixtures.count

    static let commandInterval = 1

    static let stepScript = "next\nlast\nback 2\ndiff\nstate\nfind a\nfirst\nquit\n"

    /// One more command per mutation, in turn: other formats and options, and the commands
    /// that walk every state.
    static let extraRuns: [@Sendable (String) -> ([String], String)] = [
        { (["diff", $0, "--format", "json-patch"], "") },
        { (["replay", $0, "--format", "json", "--states"], "") },
        { (["verify", $0], "") },
        { (["blame", $0, "count"], "") },
        { (["bisect", $0, "--until", "count > 2 || cart.total > 10 || nextID > 4"], "") },
        { (["step", $0, "--json"], "next\nlast\nwatch count\nreverse-continue\nstate\nquit\n") },
        { (["diff", $0, "1..3", "--format", "json"], "") },
        { (["log", $0, "--grep", "a"], "") },
    ]

    @Test func atLeastTenThousandMutations() {
        #expect(Self.fixtures.count >= 70)
        #expect(Self.fixtures.count * Self.mutationsPerFixture >= Self.minimumMutations)
    }

    /// The seed of mutation `index` of `fixture`.
    static func seed(_ fixture: String, _ index: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in fixture.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
        var generator = SeededGenerator(seed: baseSeed ^ hash ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        return generator.next()
    }

    @Test(.hangGuard, arguments: fixtures.enumerated().map { FixtureCase(index: $0.offset, name: $0.element) })
    func mutationsOf(_ fixture: FixtureCase) throws {
        FuzzCrashReport.install
        defer { FuzzCrashReport.record("", slot: fixture.index) }
        let original = try [UInt8](Data(contentsOf: CLITestSupport.fixturesDirectory.appendingPathComponent(fixture.name)))
        let directory = try CLITemporaryDirectory()
        for index in 0..<Self.mutationsPerFixture {
            let seed = Self.seed(fixture.name, index)
            var mutator = FuzzMutator(seed: seed)
            var bytes = original
            let operations = mutator.mutate(&bytes)
            let label =
                "Fixtures/\(fixture.name), mutation \(index), seed \(seed) (base seed \(Self.baseSeed)): "
                + operations.map(\.description).joined(separator: "; ")
            FuzzCrashReport.record(label, slot: fixture.index)

            let lastSeq = Self.read(bytes, strict: index % 2 == 1)
            guard index % Self.commandInterval == 0 else { continue }
            // A new file each time: a recording maps its file, so a file is never rewritten in place.
            let file = directory.url.appendingPathComponent("mutation-\(index).jsonl")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let runs: [([String], String)] = [
                (["check", file.path], ""), (["replay", file.path], ""), (["diff", file.path], ""),
                (["show", file.path, "--at", String(lastSeq ?? 1)], ""), (["log", file.path], ""),
                (["step", file.path], Self.stepScript),
                Self.extraRuns[index % Self.extraRuns.count](file.path),
            ]
            for (arguments, input) in runs {
                if let problem = Self.problem(with: arguments, input: input) {
                    Issue.record(
                        """
                        \(label)
                        `\(arguments[0])` \(problem)
                        Mutated input (\(bytes.count) bytes, first 600 as UTF-8): \
                        \(String(decoding: bytes.prefix(600), as: UTF8.self).debugDescription)
                        """)
                    return  // One failure per fixture is enough to act on.
                }
            }
        }
    }

    /// Parses and reads `bytes` every way the library can; returns the last step's seq.
    static func read(_ bytes: [UInt8], strict: Bool) -> Int? {
        do {
            _ = try JSONParser.parse(bytes)
        } catch {
            _ = error.description
        }
        for line in FuzzMutator.lines(bytes) {
            do {
                _ = try JSONParser.parse(line)
            } catch {
                _ = error.description
            }
        }
        do {
            let recording = try Recording(path: "mutated.jsonl", bytes: FileBytes(bytes: bytes), strict: strict)
            _ = recording.warnings.map(\.description)
            for index in recording.steps.indices {
                do {
                    _ = try recording.entry(at: index)
                } catch {
                    _ = error.description
                }
            }
            _ = try? recording.endState()
            return recording.steps.last?.seq
        } catch {
            _ = error.description
            return nil
        }
    }

    /// What is wrong with the outcome of one command, or `nil` when it is allowed.
    static func problem(with arguments: [String], input: String) -> String? {
        let start = ContinuousClock.now
        let result = CLITestSupport.run(arguments, input: input)
        let elapsed = ContinuousClock.now - start
        if elapsed > BadInputExpect.hangGuard { return "took \(elapsed)" }
        let raw = BadInputExpect.rawControlCharacters(in: result.out + result.err)
        if !raw.isEmpty { return "printed raw control characters \(raw.map { String($0.value, radix: 16) }):\n\(result)" }
        // A step session answers a command it cannot do with `error: …` and goes on.
        let errors = BadInputExpect.errorLines(result.err).filter { arguments[0] != "step" || !$0.hasPrefix("error: ") }
        // A failed command says so: `error: …` on standard error, or with --json an error reply.
        let saidWhichFailed = result.err.contains("error: ") || result.out.contains(#"{"error":"#)
        if arguments[0] == "step", [64, 65, 66].contains(result.code), errors.isEmpty {
            // A script whose commands met a malformed line (each said so) exits as others do.
            return saidWhichFailed ? nil : "exit \(result.code) without saying which command failed:\n\(result)"
        }
        switch result.code {
        case 0:
            if !errors.isEmpty { return "succeeded with errors:\n\(result)" }
        case 1 where arguments[0] == "verify" || arguments[0] == "bisect" || arguments[0] == "blame":
            // A divergence, a predicate that never holds, a path no state has: a result, not
            // an error.
            if !errors.isEmpty { return "exit 1 with errors:\n\(result)" }
        case 1 where arguments[0] == "step":
            // A script with a command that could not be done, which said why.
            if !errors.isEmpty { return "exit 1 with errors:\n\(result)" }
            if !saidWhichFailed { return "exit 1 without saying which command failed:\n\(result)" }
        case 64, 65, 66:
            if errors.count != 1 || !errors[0].hasPrefix("Error: ") {
                return "exit \(result.code) without exactly one 'Error:' line:\n\(result)"
            }
        default:
            return "exit \(result.code), which is not allowed here:\n\(result)"
        }
        return nil
    }

    /// One fixture: its position (for its crash-report slot) and its path under `Fixtures/`.
    struct FixtureCase: CustomStringConvertible, Sendable {
        let index: Int
        let name: String
        var description: String { name }
    }
}

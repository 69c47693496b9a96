import Dispatch
import Foundation

/// `verify`: the CI mode. Replays recordings through today's reducer and fails when a
/// recorded state differs from the replayed one.
struct VerifyCommand: Subcommand {
    /// With `--junit` it writes a report and with `--update` recordings: lost standard output
    /// is then reported at the end, and the work is done.
    static func producesOnlyOutput(_ arguments: [String]) -> Bool {
        !arguments.contains { $0 == "--update" || $0 == "--junit" || $0.hasPrefix("--junit=") }
    }

    static let spec = CommandSpec(
        name: "verify",
        abstract: "Replay recordings through today's reducer and fail when behaviour has drifted (for CI).",
        usage: "verify <file-or-directory>... [--recursive] [--reducer <name>] [--junit <path>] [--shard <i>/<n>] [--update] [--check-determinism] [--strict]",
        arguments: [("<file-or-directory>", "Recordings; a directory contributes its *.jsonl files, in sorted order.")],
        options: [
            .init("--recursive", help: "Also take the *.jsonl files in subdirectories of the directories given."),
            .init("--reducer", value: "<name>", help: "Replay with this reducer instead of the one each recording names."),
            .init("--junit", value: "<path>", help: "Also write a JUnit XML report, one testcase per recording."),
            .init("--shard", value: "<i>/<n>", help: "Verify only shard i of n (1-based) of the sorted files, for a CI matrix."),
            .init("--update", help: "Rewrite recorded states that differ with the replayed ones (golden update)."),
            .init("--check-determinism", help: "Also replay each recording twice and flag a reducer whose replays differ."),
            .init("--strict", help: "Treat a truncated last line as an error (65), not a warning, as check --strict does."),
        ],
        discussion: """
            Each file is replayed from its initial state; every recorded state, and the end
            marker's final state, is compared with the replayed one, except where entries are
            missing before it (the replay takes over the next recorded state instead). The
            first divergence in a file is reported with its seq, the action and the difference
            (recorded → replayed), and verification goes on with the next file. Files are
            verified in parallel; output stays in file order, each file's lines printed once it
            and those before it are done. A file in a directory that is not a regular file (a
            FIFO) is reported as unreadable without being opened. Exits 0 when all pass, 1 when
            any diverges, 64 when a file names a reducer the inspector lacks, 65 when a file is
            malformed, 66 when one cannot be read or the --junit
            report cannot be written (checked before any file is verified); of several, the
            highest (66, then 65, 64, 1). SIGTERM or SIGINT ends it by the signal (a shell says
            143 or 130), with --junit after writing the report of what was verified.
            """)

    let inputs: [String]
    let recursive: Bool
    let reducerName: String?
    let junitPath: String?
    let shard: (index: Int, count: Int)?
    let updates: Bool
    let checksDeterminism: Bool
    /// `--strict`: a truncated last line is an error.
    let strict: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw Self.usage("missing argument <file-or-directory>") }
        inputs = arguments.positionals
        guard !inputs.contains("-") else {
            throw Self.usage("verify reads recordings from files and directories, not from standard input")
        }
        recursive = arguments.has("--recursive")
        reducerName = arguments.value("--reducer")
        junitPath = arguments.value("--junit")
        if junitPath == "" { throw Self.usage("missing value for '--junit <path>': the path is empty") }
        if junitPath == "-" {
            throw Self.usage("--junit writes to a file, not to standard output (where the report is): give a path such as report.xml")
        }
        if let text = arguments.value("--shard") {
            // Digits only: `Int` also reads `+1`.
            let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { part in
                part.allSatisfy { ("0"..."9").contains($0) } ? Int(part) : nil
            }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
                throw Self.usage("invalid value '\(TerminalText.echo(text))' for '--shard': expected i/n with 1 ≤ i ≤ n, such as 2/4")
            }
            shard = (index, count)
        } else {
            shard = nil
        }
        updates = arguments.has("--update")
        checksDeterminism = arguments.has("--check-determinism")
        strict = arguments.has("--strict")
        if updates && checksDeterminism {
            throw Self.usage("--update and --check-determinism cannot be combined: update from a deterministic reducer only")
        }
    }

    func run(_ session: CommandSession) throws(InspectorError) -> ExitCode {
        if let reducerName, !session.inspector.reducers.contains(where: { $0.name == reducerName }) {
            throw .unknownReducer(name: reducerName, available: session.inspector.reducers.map(\.name))
        }
        var files: RecordingFiles
        do {
            files = try RecordingFiles(inputs, recursive: recursive)
        } catch {
            writeReport(stoppedBy: error, session: session)
            throw .recording(error)
        }
        if let junitPath {
            // Every recording named, not only this shard's: another shard verifies the rest.
            do {
                try JUnitReport.checkNotARecording(junitPath, recordings: files.paths)
            } catch {
                throw .recording(error)
            }
        }
        if let shard { files = files.shard(shard.index, of: shard.count) }
        if updates {
            // Before any file is verified, as a --junit path that cannot be written is below. (Files
            // found in a directory that are not regular are reported each in its place.)
            for path in files.paths where files.refused[path] == nil {
                if let refusal = GoldenUpdate.refusal(of: path) {
                    writeReport(stoppedBy: refusal, session: session)
                    throw .recording(refusal)
                }
            }
        }
        if let junitPath {
            // Last of the checks made before any file is verified: it makes the directories
            // the report is in, which a path refused for another reason should not leave.
            do {
                try JUnitReport.checkWritable(junitPath)
            } catch {
                throw .recording(error)
            }
        }
        let context = session.context
        let start = DispatchTime.now().uptimeNanoseconds
        let verifier = RecordingVerifier(
            inspector: session.inspector, reducerName: reducerName, checksDeterminism: checksDeterminism,
            collectsUpdates: updates, strict: strict)
        // A single long recording shows its steps instead of the files done.
        var stepLine: StepProgress?
        defer { stepLine?.clear() }
        let showsFilesDone = context.showsProgress && files.paths.count > 1
        /// Shows how many files are done, on standard error (`nil`: takes the line away).
        func showFilesDone(_ text: String?) {
            guard showsFilesDone else { return }
            context.error.write(text.map { "\r" + $0 } ?? "\r\u{1B}[K")
            InterruptCleanup.noteProgressLine(shown: text != nil)
        }
        var results: [VerifyResult] = []
        var updated = 0
        // A long run keeps its report on disk as it goes, for a CI job stopped at its limit.
        var progressReport = junitPath.flatMap {
            JUnitProgressReport(
                path: $0, paths: files.paths, program: session.inspector.program, reducer: reducerName, start: start)
        }
        progressReport?.shard = shard
        progressReport?.begin()
        // With --update, files are rewritten once all are verified: a file named twice (a
        // link to it, say) is then read as it was, whichever is verified first.
        var verifiedToUpdate: [(VerifyResult, [Int: JSONValue])] = []
        /// The files verified so far, as the report on disk holds them: with `--update`, a file
        /// not rewritten yet counts as verified, as it stands on disk until it is.
        func verifiedSoFar() -> [VerifyResult] {
            results + verifiedToUpdate.dropFirst(results.count).map(\.0)
        }
        /// Keeps the report on disk up to date.
        func noteProgress() {
            progressReport?.note(verifiedSoFar(), now: DispatchTime.now().uptimeNanoseconds)
            endIfInterrupted()
        }
        // A CI job cancelled, or stopped at its time limit, sends SIGTERM (or SIGINT) before
        // it kills: the report is written as of then, and the log says so, before the process
        // ends by the signal.
        // (Not a single file verified on this thread, showing its steps on a terminal: no tick
        // would see the signal until the file is done, and Ctrl-C there must stop it at once.)
        let interruptible =
            progressReport != nil && context.output as? StandardStream === StandardStream.output
            && !(files.paths.count == 1 && context.showsProgress)
        if interruptible { VerifyInterrupt.install() }
        func endIfInterrupted() {
            guard interruptible, let signal = VerifyInterrupt.received else { return }
            stepLine?.clear()
            showFilesDone(nil)
            let verified = verifiedSoFar()
            progressReport?.write(verified, now: DispatchTime.now().uptimeNanoseconds)
            let name = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)"
            let rewritten = updates ? "; \(updated) rewritten by --update" : ""
            session.warn(
                "interrupted by \(name) after verifying \(verified.count) of \(files.paths.count) "
                    + "\(files.paths.count == 1 ? "recording" : "recordings")\(rewritten); the JUnit report holds those verified")
            context.flushOutput()
            VerifyInterrupt.endByTheSignal()
        }
        /// Rewrites what `--update` asks for, then prints the file's lines.
        func report(_ verified: VerifyResult, states: [Int: JSONValue]) {
            let result = Self.update(
                verified, states: states, if: updates, session: session, reducer: reducerName, updated: &updated)
            // What other commands warn about (a truncated last line, say), verify does too.
            for warning in result.warnings { session.warn(warning.description) }
            for line in VerifyReport.lines(
                result, colors: context.colorsOutput, program: session.inspector.program, reducer: reducerName) {
                context.print(line)
            }
            (context.output as? StandardStream)?.flush()
            results.append(result)
            noteProgress()
        }
        // Otherwise each file's lines are printed as soon as it and every file before it are
        // done, so that a long run (a CI log) shows its results as they come, and a run
        // stopped half-way keeps those it had.
        VerifyRun(files: files, verifier: verifier).run(
            progress: { done, total in showFilesDone("verifying \(done)/\(total)…") },
            stepProgress: context.showsProgress
                ? { index, total in
                    if stepLine == nil { stepLine = StepProgress(context, label: "verify", total: total) }
                    stepLine?.update(index)
                } : nil,
            tick: noteProgress,
            deliver: { verified, states in
                guard !updates else {
                    verifiedToUpdate.append((verified, states))
                    return noteProgress()
                }
                stepLine?.clear()
                showFilesDone(nil)
                report(verified, states: states)
            })
        stepLine?.clear()
        showFilesDone(nil)
        // Through `--update`'s rewrites too, each of which replaces its file whole: a signal is
        // acted on between two.
        for (verified, states) in verifiedToUpdate { report(verified, states: states) }
        if interruptible {
            VerifyInterrupt.uninstall()
            endIfInterrupted()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // A file that could not be verified is an error, not only a line of the report: say so
        // on standard error too, one line per file, as every other command does (unless the
        // two streams go to one place, where the report has just said it).
        for result in results where !context.outputAndErrorShareADestination {
            guard case .error(let error) = result.outcome else { continue }
            context.printError(
                Inspector.errorLabel(context) + " " + TerminalText.escape(error.message(program: session.inspector.program)))
        }
        // A report that fails to be written at the end (a full disk) is an error, reported
        // after the summary so that the run's outcome is not lost with it.
        var reportError: RecordingError?
        if let junitPath {
            let xml = JUnitReport.xml(
                results, seconds: seconds, program: session.inspector.program, reducer: reducerName, shard: shard)
            do {
                // Replacing the report kept as the run went, whole: a full disk or a kill now
                // leaves that one, not half of this or none.
                if progressReport?.replace(with: xml) != true { try JUnitReport.save(xml, to: junitPath) }
            } catch {
                reportError = error
            }
        }
        let passed = results.filter(\.passed).count
        let steps = results.reduce(0) { $0 + $1.steps }
        let shardText = shard.map { " (shard \($0.index)/\($0.count))" } ?? ""
        let updatedText = updated > 0 ? ", \(updated) updated" : ""
        // A check that found nothing says it ran: a CI log would otherwise not show it.
        let determinismText = checksDeterminism ? ", each replayed twice more to check determinism" : ""
        context.print(
            "verified \(results.count) recording\(results.count == 1 ? "" : "s")\(shardText), \(steps) step\(steps == 1 ? "" : "s"), in \(String(format: "%.2f", seconds)) s\(updatedText)\(determinismText)")
        // As the JUnit report counts them: a file that could not be verified is an error, not a
        // failure.
        let errors = results.filter { if case .error = $0.outcome { true } else { false } }.count
        // In the log of a long run the failures are far apart: their first lines again, in
        // file order, above the counts (as pytest's short summary).
        let notPassed = results.filter { !$0.passed }
        if results.count > Self.recapThreshold, !notPassed.isEmpty {
            context.print("not passed:")
            for result in notPassed {
                let first = VerifyReport.lines(
                    result, colors: context.colorsOutput, program: session.inspector.program, reducer: reducerName
                ).first
                if let first { context.print("  " + first) }
            }
        }
        let errorText = errors > 0 ? ", \(errors) error\(errors == 1 ? "" : "s")" : ""
        context.print("\(passed) passed, \(results.count - passed - errors) failed\(errorText)")
        if let reportError {
            // Standard output is buffered and errors are not: flush, so that in a terminal or a
            // CI log the error comes after the summary.
            (context.output as? StandardStream)?.flush()
            throw .recording(reportError)
        }
        return VerifyReport.exitCode(results)
    }

    /// Writes the report of a run that a recording stopped before it started (one that does
    /// not exist, or that `--update` cannot rewrite): a report left from an earlier run, in a
    /// CI workspace kept between builds, would be published as this run's. Nothing is written
    /// at a path that names a recording.
    private func writeReport(stoppedBy error: RecordingError, session: CommandSession) {
        guard let junitPath, (try? JUnitReport.checkNotARecording(junitPath, recordings: inputs)) != nil else { return }
        let stopped = VerifyResult(path: error.path, outcome: .error(.recording(error)), steps: 0, comparedStates: 0, seconds: 0)
        let xml = JUnitReport.xml([stopped], seconds: 0, program: session.inspector.program, reducer: reducerName, shard: shard)
        try? JUnitReport.save(xml, to: junitPath)
    }

    /// The most recordings a run verifies without listing those that did not pass again
    /// above its counts.
    static let recapThreshold = 10

    /// `verified`, with its differing states rewritten when `updates` (`--update`): then
    /// passed, or an error when the file could not be rewritten. Prints what was rewritten,
    /// and counts it in `updated`.
    private static func update(
        _ verified: VerifyResult, states: [Int: JSONValue], if updates: Bool, session: CommandSession, reducer: String?,
        updated: inout Int
    ) -> VerifyResult {
        // A file that passes may still have a header whose initial state the reducer reads
        // as another (a golden updated before headers were): that alone is rewritten.
        let passed = if case .passed = verified.outcome { true } else { false }
        let diverged = if case .diverged = verified.outcome { true } else { false }
        guard updates, diverged || (passed && !states.isEmpty) else { return verified }
        let context = session.context
        var result: VerifyResult
        do {
            let recording = try Recording(path: verified.path)
            let headerRewritten = recording.header.map { states[$0.line - 1] != nil } ?? false
            let rewritten = states.count - (headerRewritten ? 1 : 0)
            // The end marker's state is the last step's again: said apart, so that the count
            // is the one of states after steps, as the paths under it count them.
            let endRewritten = recording.endLineIndex.map { states[$0] != nil } ?? false
            let steps = rewritten - (endRewritten ? 1 : 0)
            try GoldenUpdate.apply(to: recording, states: states)
            result = VerifyResult(
                path: verified.path, outcome: .passed, steps: verified.steps, comparedStates: verified.comparedStates,
                seconds: verified.seconds)
            result.rewrittenStates = rewritten
            updated += 1
            var parts: [String] = []
            if steps > 0 { parts.append("\(steps) state\(steps == 1 ? "" : "s")") }
            if endRewritten { parts.append(steps > 0 ? "the end marker's" : "the end marker's state") }
            if headerRewritten { parts.append("the header's initial state") }
            let listed = parts.count < 2 ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
            context.print("UPDATED \(TerminalText.escape(verified.path)): \(listed) rewritten")
            for line in VerifyReport.details(
                verified, colors: context.colorsOutput, program: session.inspector.program, reducer: reducer) {
                context.print(line)
            }
            for line in verified.rewrittenPaths.lines(limit: 10) { context.print(line) }
        } catch {
            result = VerifyResult(
                path: verified.path, outcome: .error(.recording(error)), steps: verified.steps,
                comparedStates: verified.comparedStates, seconds: verified.seconds)
        }
        // What the verify warned about (a truncated last line, say) still holds, and so do
        // the states after missing entries it took as recorded.
        result.warnings = verified.warnings
        result.statesAfterMissing = verified.statesAfterMissing
        return result
    }
}

/// Verifies files in parallel across the machine's cores, handing the results over in file
/// order, each as soon as it and every one before it are done.
struct VerifyRun {
    let files: RecordingFiles
    let verifier: RecordingVerifier

    /// The longest the waiting thread goes without a `tick`, in seconds.
    static let tickInterval = 0.25

    /// - Parameters:
    ///   - progress: Called on this thread with the files done and the total, when it changes.
    ///   - stepProgress: Called with each step of a single file and its step count: one file
    ///     is verified on this thread, where its steps can be shown as they go.
    ///   - tick: Called on this thread at least every ``tickInterval`` while files are
    ///     verified on other threads, whether a result came or not: a report kept on disk as
    ///     the run goes is written then, not only when a file is done.
    ///   - deliver: Called on this thread with each file's result and, for `--update`, the
    ///     replayed states to write by line index, in file order.
    func run(
        progress: (Int, Int) -> Void, stepProgress: ((Int, Int) -> Void)? = nil, tick: () -> Void = {},
        deliver: (VerifyResult, [Int: JSONValue]) -> Void
    ) {
        let paths = files.paths
        if paths.count == 1, files.refused[paths[0]] == nil, let stepProgress {
            let (result, states) = verifier.verify(paths[0], progress: stepProgress)
            deliver(result, states)
            return
        }
        let collected = Collected(count: paths.count)
        let workers = DispatchGroup()
        DispatchQueue.global().async(group: workers) { [files, verifier] in
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                let path = paths[index]
                if let refusal = files.refused[path] {
                    // Opening a FIFO found in a directory would wait for a writer for ever.
                    let refused = VerifyResult(
                        path: path, outcome: .error(.recording(refusal)), steps: 0, comparedStates: 0, seconds: 0)
                    collected.store((refused, [:]), at: index)
                } else {
                    collected.store(verifier.verify(path), at: index)
                }
            }
        }
        var next = 0
        var shownDone = 0
        while next < paths.count {
            let (done, ready) = collected.wait(
                forMoreThan: shownDone, orResultAt: next, until: Date(timeIntervalSinceNow: Self.tickInterval))
            tick()
            for (result, states) in ready {
                deliver(result, states)
                next += 1
            }
            if done > shownDone {
                shownDone = done
                progress(done, paths.count)
            }
        }
        workers.wait()
    }
}

/// Results filled in by concurrent workers, taken in order by the thread that waits for them.
private final class Collected: @unchecked Sendable {
    // Unchecked Sendable: `results` and `done` are guarded by `condition`.
    private let condition = NSCondition()
    private var results: [(VerifyResult, [Int: JSONValue])?]
    private var done = 0

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    /// Stores a result and wakes the waiting thread.
    func store(_ result: (VerifyResult, [Int: JSONValue]), at index: Int) {
        condition.withLock {
            results[index] = result
            done += 1
            condition.broadcast()
        }
    }

    /// Waits until more than `seen` results are stored or the one at `next` is, or until
    /// `deadline`, then returns how many are stored and takes the results from `next` on that
    /// are there in a row (none, when the deadline came first).
    func wait(
        forMoreThan seen: Int, orResultAt next: Int, until deadline: Date
    ) -> (done: Int, ready: [(VerifyResult, [Int: JSONValue])]) {
        condition.withLock {
            while done <= seen && results[next] == nil {
                if !condition.wait(until: deadline) { break }
            }
            var ready: [(VerifyResult, [Int: JSONValue])] = []
            var index = next
            while index < results.count, let result = results[index] {
                ready.append(result)
                results[index] = nil
                index += 1
            }
            return (done, ready)
        }
    }
}

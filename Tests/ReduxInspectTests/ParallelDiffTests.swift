import Foundation
import Testing

@testable import ReduxInspect

/// `diff` on every core: chunks of steps diffed on worker threads come back in step order,
/// with the steps that need a replay replayed in between, and an error stops the output
/// exactly where one thread walking the steps would have stopped.
@Suite struct ParallelDiffTests {
    /// A counter that only goes up: safe to bump from several threads.
    final class Counter: @unchecked Sendable {
        // Unchecked Sendable: `value` is read and written under `lock`.
        private let lock = NSLock()
        private var value = 0
        func bump() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    struct Stop: Error {}

    @Test(arguments: [1, 2, 3])
    func chunksComeBackInOrder(_ workers: Int) {
        let made = Counter()
        var seen: [Int] = []
        OrderedChunks(count: 500, workers: workers, window: 3).run(
            {
                made.bump()
                return { chunk in
                    // Uneven work, so that later chunks often finish first.
                    if chunk % 5 == 0 { usleep(50) }
                    return chunk * 2
                }
            }, consume: { seen.append($0) })
        #expect(seen == (0..<500).map { $0 * 2 })
        #expect(made.count == workers, "one worker state per thread")
    }

    /// Something the work holds, which tells on which thread it was released.
    final class Held: Sendable {
        let released: @Sendable (ObjectIdentifier) -> Void

        init(released: @escaping @Sendable (ObjectIdentifier) -> Void) { self.released = released }

        deinit { released(ObjectIdentifier(Thread.current)) }
    }

    /// Something slow to let go of, as a worker's state with much memory is.
    final class SlowToRelease: Sendable {
        deinit { usleep(20_000) }
    }

    /// A value several threads may set and read.
    final class Shared<Value: Sendable>: @unchecked Sendable {
        // Unchecked Sendable: `value` is read and written under `lock`.
        private let lock = NSLock()
        private var stored: Value
        init(_ value: Value) { stored = value }
        var value: Value {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    /// What the workers were lent (a recording, whose file is mapped, in `diff`) is released
    /// by the caller when `run` returns, not by a worker thread some time after, with or
    /// without the caller helping: also when a worker takes its time to let go of its own
    /// state, which it does before it says it is done.
    @Test(arguments: [(2, false), (3, false), (1, true), (2, true)])
    func whatTheWorkersWereLentIsReleasedOnTheCallersThread(workers: Int, callerHelps: Bool) {
        let releasedOn = Shared<ObjectIdentifier?>(nil)
        do {
            let held = Held { releasedOn.value = $0 }
            OrderedChunks(count: 40, workers: workers, overlapsCaller: true, callerHelps: callerHelps).run(
                {
                    let state = SlowToRelease()
                    return { chunk in
                        _ = withExtendedLifetime((held, state)) { usleep(100) }
                        return chunk
                    }
                }, consume: { _ in })
        }
        #expect(releasedOn.value == ObjectIdentifier(Thread.current))
    }

    /// Work slower than the caller's (decoding actions beside reducing them): the caller
    /// works on chunks too, while it waits, and the results still come back in order, each
    /// chunk done once, never more than the window ahead.
    @Test func aHelpingCallerWorksOnChunksAndTakesTheResultsInOrder() {
        let made = Counter()
        let done = Counter()
        let byCaller = Counter()
        let caller = ObjectIdentifier(Thread.current)
        var seen: [Int] = []
        var mostAhead = 0
        OrderedChunks(count: 300, workers: 1, window: 3, overlapsCaller: true, callerHelps: true).run(
            {
                made.bump()
                return { chunk in
                    usleep(200)
                    done.bump()
                    if ObjectIdentifier(Thread.current) == caller { byCaller.bump() }
                    return chunk * 3
                }
            },
            consume: { output in
                seen.append(output)
                mostAhead = max(mostAhead, done.count - seen.count)
            })
        #expect(seen == (0..<300).map { $0 * 3 })
        #expect(done.count == 300, "each chunk worked on once")
        #expect(made.count == 2, "the worker's state and the caller's")
        #expect(byCaller.count > 30, "the caller did \(byCaller.count) chunks")
        // The window, plus the chunk each of the two may be working on.
        #expect(mostAhead <= 3 + 2, "\(mostAhead) chunks done ahead")
    }

    @Test func noChunksMeansNoWork() {
        let made = Counter()
        var seen: [Int] = []
        OrderedChunks(count: 0, workers: 4).run({ made.bump(); return { $0 } }, consume: { seen.append($0) })
        #expect(seen.isEmpty)
        #expect(made.count == 0)
    }

    @Test func moreWorkersThanChunks() {
        let made = Counter()
        var seen: [Int] = []
        OrderedChunks(count: 1, workers: 4).run({ made.bump(); return { $0 + 7 } }, consume: { seen.append($0) })
        #expect(seen == [7])
        #expect(made.count == 1)
    }

    /// A slow reader of the results: the workers pause once the results waiting for it weigh
    /// the budget, however wide the window.
    @Test func workersPauseWhileTheWaitingResultsWeighTheBudget() {
        let done = Counter()
        var mostWaiting = 0
        var taken = 0
        OrderedChunks(count: 60, workers: 2, window: 1_000, budget: 3).run(
            {
                { chunk in
                    done.bump()
                    return chunk
                }
            }, weight: { _ in 1 },
            consume: { _ in
                taken += 1
                usleep(2_000)
                mostWaiting = max(mostWaiting, done.count - taken)
            })
        #expect(taken == 60)
        // The budget, plus at most one chunk in progress per worker when it was reached.
        #expect(mostWaiting <= 3 + 2, "\(mostWaiting) results waited at once")
    }

    @Test func anErrorStopsTheWorkersSoon() {
        let done = Counter()
        var seen: [Int] = []
        #expect(throws: Stop.self) {
            try OrderedChunks(count: 10_000, workers: 2, window: 4).run(
                {
                    { chunk in
                        done.bump()
                        return chunk
                    }
                },
                consume: { (chunk: Int) throws(Stop) in
                    if chunk == 10 { throw Stop() }
                    seen.append(chunk)
                })
        }
        #expect(seen == Array(0..<10))
        // The workers may have been at most a window (and one chunk each) ahead.
        #expect(done.count <= 11 + 4 + 2, "\(done.count) chunks done")
    }

    /// Every step of a recording with states on most lines, diffed in small chunks on three
    /// threads, gives what one differ walking the steps in order gives.
    @Test func chunkedDiffsAreThoseOfOneDiffer() throws {
        let (file, _) = try BisectLongRecordingTests.counterRecording(steps: 300, timed: true)
        let recording = try Recording(path: file)
        var one = RecordedStateDiffer(recording)
        let expected = recording.steps.indices.map { one.changes(at: $0) }
        #expect(expected.contains(nil) && expected.contains { $0 != nil })
        var found: [RecordedStepChanges?] = []
        RecordedStateDiffer.forEachChunk(of: recording, steps: recording.steps.indices, chunkSize: 7, workers: 3) {
            differ, chunk in chunk.map { differ.changes(at: $0) }
        } consume: { found += $0 }
        #expect(found == expected)
    }

    /// Through the CLI, on a recording long enough for several chunks: every step is printed
    /// once, in order, the replayed ones (every 7th has no state) among the others.
    @Test func diffPrintsEveryStepInOrder() throws {
        let steps = 3 * RecordedStateDiffer.defaultChunkSize + 100
        let (file, counts) = try BisectLongRecordingTests.counterRecording(steps: steps, timed: true)
        let run = InspectorRun(["diff", file])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.lines == Self.expectedLines(counts, through: steps))
    }

    /// A malformed state far into the recording: the steps before it are printed, then the
    /// error, as when one thread walks the steps.
    @Test func diffStopsAtAMalformedStateAfterPrintingTheStepsBeforeIt() throws {
        let steps = 3 * RecordedStateDiffer.defaultChunkSize
        let broken = 2 * RecordedStateDiffer.defaultChunkSize + 10
        let (file, counts) = try BisectLongRecordingTests.counterRecording(broken: broken, steps: steps, timed: true)
        let run = InspectorRun(["diff", file])
        #expect(run.code == 65)
        #expect(run.err.hasPrefix("Error: \(file):\(broken + 1):"), "\(run.err)")
        #expect(run.lines == Self.expectedLines(counts, through: broken - 1))
    }

    /// What `diff` prints for the counter recording's first `last` steps.
    static func expectedLines(_ counts: [Int], through last: Int) -> [String] {
        var lines: [String] = []
        var previous = 0
        for (offset, count) in counts.prefix(last).enumerated() {
            lines.append("@@ seq \(offset + 1) incrementBy @@")
            lines.append(count != previous ? "~ count: \(previous) → \(count)" : "(no change)")
            previous = count
        }
        return lines
    }
}

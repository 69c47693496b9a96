import Foundation

/// Work cut into numbered chunks, done on several threads and handed back in order.
///
/// Diffing a long recording keeps one core busy, yet no step's diff depends on another's:
/// every line holds the whole state. So chunks of steps can be worked on by every core while
/// the caller takes the results in step order, as if one thread had done them.
///
/// Memory stays bounded however long the recording and however slowly the caller takes the
/// results (output piped into a pager): at most ``window`` chunks are done ahead of the one
/// the caller waits for, and no worker starts another chunk while the results waiting for the
/// caller weigh ``budget`` or more (their size, as the caller weighs them). A caller that
/// stops early (an error) stops the workers after at most that many wasted chunks.
///
/// The workers are threads of their own, not a shared queue's: the caller blocks until they
/// are done, which on a pool's threads could starve the pool.
///
/// ```swift
/// let chunks = OrderedChunks(count: 100, workers: 2)
/// chunks.run({ { chunk in chunk * chunk } }, consume: { print($0) })   // 0, 1, 4, 9, …
/// ```
struct OrderedChunks {
    /// How many chunks there are, numbered from 0.
    let count: Int
    /// How many threads do the work; with one, or with a single chunk, the calling thread
    /// does it all and no thread is started, unless ``overlapsCaller``.
    let workers: Int
    /// Whether even one worker is a thread of its own, so that what the caller does with
    /// each result overlaps the work on the next chunks.
    let overlapsCaller: Bool
    /// Whether the caller, when the result it needs is still being worked on, works on the
    /// next chunk nobody has taken instead of waiting: for work slower than what the caller
    /// does with its results, as decoding actions is beside reducing them.
    let callerHelps: Bool
    /// The most chunks done (or being done) ahead of the one the caller is waiting for.
    let window: Int
    /// The weight of waiting results at which workers stop starting chunks.
    let budget: Int

    /// Describes the work.
    ///
    /// - Parameters:
    ///   - count: How many chunks there are.
    ///   - workers: How many threads work on them; at least 1 is used.
    ///   - window: The most chunks done ahead of the caller; by default four per worker.
    ///   - budget: The weight of waiting results at which workers pause; by default 16 MiB,
    ///     for results weighed in bytes.
    ///   - overlapsCaller: Whether one worker is a thread too (see ``overlapsCaller``).
    ///   - callerHelps: Whether the caller works on chunks while it waits (see ``callerHelps``).
    init(
        count: Int, workers: Int, window: Int? = nil, budget: Int = 16 << 20, overlapsCaller: Bool = false,
        callerHelps: Bool = false
    ) {
        self.count = max(count, 0)
        self.workers = max(1, min(workers, count))
        self.overlapsCaller = overlapsCaller
        self.callerHelps = callerHelps
        self.window = max(window ?? 4 * self.workers, self.workers)
        self.budget = budget
    }

    /// Chunks worked on by `workers` threads in all, the caller one of them: `workers - 1`
    /// threads of their own and the caller helping, with the window that many threads would
    /// have (four chunks each); with one, the caller alone. For work on steps whose results
    /// the caller only prints or gathers, which takes it little time.
    static func helpedByCaller(count: Int, workers: Int) -> OrderedChunks {
        workers > 1
            ? OrderedChunks(count: count, workers: workers - 1, window: 4 * workers, overlapsCaller: true, callerHelps: true)
            : OrderedChunks(count: count, workers: 1)
    }

    /// Works on every chunk and hands the results to `consume` in chunk order, on the
    /// calling thread.
    ///
    /// - Parameters:
    ///   - makeWorker: Called once on each worker thread (and on the calling thread, when it
    ///     runs the chunks itself or helps, the first time it does), and not at all when there
    ///     are no chunks; returns what that thread does with each chunk number it takes, so that
    ///     a worker can keep state (a differ, buffers) from one chunk to the next.
    ///   - weight: How much memory a result holds, counted against ``budget``.
    ///   - consume: Takes each chunk's result, in order. When it throws, the workers stop
    ///     taking chunks and the error is rethrown once they have finished.
    func run<Output: Sendable, Failure: Error>(
        _ makeWorker: @escaping @Sendable () -> (Int) -> Output,
        weight: @escaping @Sendable (Output) -> Int = { _ in 0 },
        consume: (Output) throws(Failure) -> Void
    ) throws(Failure) {
        guard count > 0 else { return }
        guard workers > 1 || (overlapsCaller && count > 1) else {
            let work = makeWorker()
            for chunk in 0..<count { try consume(work(chunk)) }
            return
        }
        let board = Board<Output>(count: count, window: window, budget: budget)
        let finished = DispatchGroup()
        let lent = Lent(makeWorker)
        for _ in 0..<workers {
            finished.enter()
            let thread = Thread {
                // What the worker made is let go before it says it is done (see `Lent`).
                do {
                    let work = lent.makeWorker!()
                    while let chunk = board.take() {
                        let output = work(chunk)
                        board.put(output, weighing: weight(output), for: chunk)
                    }
                }
                finished.leave()
            }
            // At the caller's priority: the caller waits for these threads.
            thread.qualityOfService = Thread.current.qualityOfService
            thread.start()
        }
        // However the loop ends, no worker may outlive the call: they read what the caller lent.
        defer {
            board.stop()
            finished.wait()
            lent.makeWorker = nil
        }
        guard callerHelps else {
            for chunk in 0..<count { try consume(board.result(for: chunk)) }
            return
        }
        var work: ((Int) -> Output)?
        for chunk in 0..<count {
            while true {
                if let output = board.readyResult(for: chunk) {
                    try consume(output)
                    break
                }
                guard let other = board.takeIfFree() else {
                    try consume(board.result(for: chunk))
                    break
                }
                if work == nil { work = makeWorker() }
                let output = work!(other)
                board.put(output, weighing: weight(output), for: other)
            }
        }
    }

    /// What the caller lends the worker threads to make their work with, which it lets go of
    /// once they are done, as each of them lets go of what it made before it says so.
    ///
    /// A thread's closure is kept until the thread has ended, some time after it has said it
    /// is done. Had it captured `makeWorker`, what that holds (a recording, whose file is
    /// mapped) could be released there, after `run` has returned: the file unmapped at a time
    /// nobody chose, on a core the caller may be using again. So the caller, not a worker,
    /// releases last what it lent. (Only that: `weight`, and results left unconsumed after
    /// an error, stay with what the threads hold, so they should not hold such things.)
    private final class Lent<Output: Sendable>: @unchecked Sendable {
        // Unchecked Sendable: written by the caller only after every worker has read it and
        // said it is done (the dispatch group orders the two).
        var makeWorker: (() -> (Int) -> Output)?

        init(_ makeWorker: @escaping @Sendable () -> (Int) -> Output) {
            self.makeWorker = makeWorker
        }
    }

    /// What the workers and the caller share: the next chunk to take, the results not yet
    /// consumed and their weight, and whether to stop.
    private final class Board<Output: Sendable>: @unchecked Sendable {
        // Unchecked Sendable: every property is read and written with `condition` locked.
        private let condition = NSCondition()
        private let count: Int
        private let window: Int
        private let budget: Int
        private var next = 0
        private var consumed = 0
        private var stopped = false
        private var results: [Int: (output: Output, weight: Int)] = [:]
        private var waitingWeight = 0

        init(count: Int, window: Int, budget: Int) {
            self.count = count
            self.window = window
            self.budget = budget
        }

        /// The next chunk to work on, once it is within the window and the waiting results
        /// are under budget (the chunk the caller waits for is always taken); `nil` when there
        /// are no more or the caller has stopped.
        func take() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while !stopped && next < count && next > consumed
                && (next - consumed >= window || waitingWeight >= budget)
            {
                condition.wait()
            }
            guard !stopped, next < count else { return nil }
            next += 1
            return next - 1
        }

        /// The next chunk to work on when one may be taken now, as ``take()`` would take it;
        /// else `nil`, at once.
        func takeIfFree() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard !stopped, next < count, next == consumed || (next - consumed < window && waitingWeight < budget)
            else { return nil }
            next += 1
            return next - 1
        }

        /// The result of `chunk`, the one after the last consumed, taken if it is there.
        func readyResult(for chunk: Int) -> Output? {
            condition.lock()
            defer { condition.unlock() }
            guard let result = results.removeValue(forKey: chunk) else { return nil }
            consumed = chunk + 1
            waitingWeight -= result.weight
            condition.broadcast()
            return result.output
        }

        /// Hands over the result of `chunk`, which holds `weight`.
        func put(_ output: Output, weighing weight: Int, for chunk: Int) {
            condition.lock()
            results[chunk] = (output, weight)
            waitingWeight += weight
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for the result of `chunk`, the one after the last consumed, and takes it.
        func result(for chunk: Int) -> Output {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let result = results.removeValue(forKey: chunk) {
                    consumed = chunk + 1
                    waitingWeight -= result.weight
                    condition.broadcast()
                    return result.output
                }
                condition.wait()
            }
        }

        /// Tells the workers to take no more chunks.
        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }
    }
}

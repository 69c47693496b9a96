import Foundation

extension RecordedStateDiffer {
    /// How many steps one chunk of ``forEachChunk(of:steps:chunkSize:workers:_:consume:)``
    /// holds: enough that what starting a chunk costs (checking its first line before in full,
    /// skimming its first state, handing the result over) does not count, few enough that
    /// both cores get work on a recording of some thousands of steps.
    public static let defaultChunkSize = 1024

    /// Diffs `steps` of `recording` in chunks on every core, and hands each chunk's result to
    /// `consume` in step order on the calling thread.
    ///
    /// No step's diff depends on another's, so this gives what one differ walking the steps
    /// in order would give, in about the time divided by the cores. The calling thread is one
    /// of the workers: between the results it hands to `consume`, it diffs the next chunk
    /// nobody has taken whenever the result it needs is not ready. (Waiting instead, beside a
    /// thread for every core, it would take a core from a worker each time it is woken for a
    /// result.) Each worker has its own differ; `transform`
    /// runs on the worker's thread with it, for each chunk the worker takes, and turns the
    /// chunk's steps into whatever the caller needs: the changes, a count, formatted text. A
    /// step the differ cannot diff (``changes(at:)`` returns `nil`) is left to the caller to
    /// replay, in order, from what `transform` returns.
    ///
    /// ```swift
    /// try RecordedStateDiffer.forEachChunk(of: recording, steps: recording.steps.indices) { differ, chunk in
    ///     chunk.map { differ.changes(at: $0)?.changes.count ?? 0 }.reduce(0, +)
    /// } consume: { count in total += count }
    /// ```
    ///
    /// - Parameters:
    ///   - recording: The indexed recording.
    ///   - steps: The positions in ``Recording/steps`` to diff.
    ///   - chunkSize: How many steps one call of `transform` gets.
    ///   - workers: How many threads diff, the calling thread among them; by default one per
    ///     active processor. With one, the calling thread does it all.
    ///   - transform: Runs on a worker's thread with its differ and a chunk of `steps`.
    ///   - weight: The bytes a chunk's result holds (formatted text, say): workers pause
    ///     while the results waiting for `consume` hold 16 MiB or more, so that a slow reader
    ///     of the output does not make them pile up.
    ///   - consume: Takes each chunk's result, in order. When it throws, the workers stop and
    ///     the error is rethrown.
    public static func forEachChunk<Output: Sendable, Failure: Error>(
        of recording: Recording,
        steps: Range<Int>,
        chunkSize: Int = defaultChunkSize,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ transform: @escaping @Sendable (inout RecordedStateDiffer, Range<Int>) -> Output,
        weight: @escaping @Sendable (Output) -> Int = { _ in 0 },
        consume: (Output) throws(Failure) -> Void
    ) throws(Failure) {
        let size = max(chunkSize, 1)
        let count = (steps.count + size - 1) / size
        try OrderedChunks.helpedByCaller(count: count, workers: workers).run(
            {
                var differ = RecordedStateDiffer(recording)
                return { chunk in
                    let start = steps.lowerBound + chunk * size
                    return transform(&differ, start..<min(start + size, steps.upperBound))
                }
            }, weight: weight, consume: consume)
    }
}

import Foundation

/// A recording file, indexed: where each entry is, which ones hold a state, the header,
/// the gaps and the end marker. Entries are parsed only when asked for.
///
/// ```swift
/// let recording = try Recording(path: "Fixtures/shop.jsonl")
/// let entry = try recording.entry(at: 4)   // the fifth step, parsed from its line
/// ```
public final class Recording: @unchecked Sendable {
    // Unchecked Sendable: immutable after `init`.
    /// The path as given.
    public let path: String
    /// The header, when the file has one.
    public let header: RecordingHeader?
    /// Every entry, in file order.
    public let steps: [StepLocation]
    /// Gaps: from markers and from jumps in `seq`.
    public let gaps: [RecordingGap]
    /// The final state from the `end` marker, parsed lazily, and its seq.
    public let endSeq: Int?
    /// Problems that did not stop reading, such as a truncated last line.
    public let warnings: [RecordingError]
    let bytes: FileBytes
    let lines: LineIndex
    let endLineIndex: Int?
    /// For each of ``gaps`` (in file order), the index of the step it comes before.
    private let gapPlaces: [Int]
    /// Whether the `end` marker holds a final state.
    public let endHasState: Bool
    /// Whether the recording holds the state after every step (the last one's in its entry or
    /// the `end` marker): then no step is diffed from a replayed state.
    let holdsEveryState: Bool

    /// Reads and indexes a recording file.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - strict: Treat a truncated last line as an error instead of a warning.
    /// - Throws: ``RecordingError``.
    public convenience init(path: String, strict: Bool = false) throws(RecordingError) {
        try self.init(path: path, bytes: try FileBytes(path: path), strict: strict)
    }

    /// Indexes a recording held in memory.
    ///
    /// - Parameters:
    ///   - text: The recording's content.
    ///   - path: The name to use in messages.
    ///   - strict: Treat a truncated last line as an error instead of a warning.
    /// - Throws: ``RecordingError``.
    public convenience init(text: String, path: String = "<memory>", strict: Bool = false) throws(RecordingError) {
        try self.init(path: path, bytes: FileBytes(bytes: Array(text.utf8)), strict: strict)
    }

    init(path: String, bytes: FileBytes, strict: Bool) throws(RecordingError) {
        self.path = path
        self.bytes = bytes
        var indexer = RecordingIndexer(
            path: path, buffer: bytes.buffer, strict: strict, endsInsideOverlongLine: bytes.endsInsideOverlongLine)
        try indexer.run(splittingAt: TailIndex.splitPoint(of: bytes.buffer))
        self.lines = indexer.lines
        self.header = indexer.header
        self.steps = indexer.steps
        self.gaps = indexer.gaps
        self.gapPlaces = indexer.gapPlaces
        self.endSeq = indexer.endSeq
        self.endLineIndex = indexer.endLineIndex
        self.endHasState = indexer.endHasState
        self.warnings = indexer.warnings
        let steps = indexer.steps
        holdsEveryState =
            steps.dropLast().allSatisfy(\.hasState)
            && steps.last.map { $0.hasState || indexer.endHasState && indexer.endSeq == $0.seq } ?? true
    }

    /// The entries missing just before step `index` (for step 0, before the first), as one
    /// gap after the step before it: the gap markers and jumps in `seq` between the two steps
    /// together, their counts added up and their reasons joined; `nil` when none are missing.
    public func gap(before index: Int) -> RecordingGap? {
        guard !gaps.isEmpty else { return nil }
        let after = index > 0 ? steps[index - 1].seq : 0
        return merged(gaps(before: index..<(index + 1)), after: after)
    }

    /// The entries missing after the last step (gap markers after it, an end marker whose seq
    /// is past it), as one gap; `nil` when none are.
    public var gapAtEnd: RecordingGap? {
        merged(gaps[firstGap(before: steps.count)...], after: steps.last?.seq ?? 0)
    }

    /// Every place where entries are missing, one gap each as ``gap(before:)`` and
    /// ``gapAtEnd`` give it, in file order: what `check` counts and lists.
    public var gapsBetweenSteps: [RecordingGap] {
        var places = gapPlaces[...]
        var found: [RecordingGap] = []
        while let place = places.first {
            let next = places.partitionIndex(atOrPast: { $0 > place })
            let gap = place < steps.count ? self.gap(before: place) : gapAtEnd
            if let gap { found.append(gap) }
            places = places[next...]
        }
        return found
    }

    /// The steps that entries are missing before, in order, each once.
    var placesAfterGaps: [Int] {
        var places: [Int] = []
        for place in gapPlaces where place < steps.count && place != places.last { places.append(place) }
        return places
    }

    /// The gaps that come before the steps of `range`, in file order.
    func gaps(before range: Range<Int>) -> ArraySlice<RecordingGap> {
        gaps[firstGap(before: range.lowerBound)..<firstGap(before: range.upperBound)]
    }

    /// Where the first gap that comes before step `index` or a later one is in ``gaps``.
    private func firstGap(before index: Int) -> Int {
        gapPlaces.partitionIndex(atOrPast: { $0 >= index })
    }

    /// `gaps` as one gap after `seq`, the first's line; the one gap itself when there is one.
    private func merged(_ gaps: ArraySlice<RecordingGap>, after seq: Int) -> RecordingGap? {
        guard let first = gaps.first else { return nil }
        guard gaps.count > 1 else { return first }
        var reasons: [String] = []
        var seen: Set<String> = []
        for case let reason? in gaps.map(\.reason) where seen.insert(reason).inserted { reasons.append(reason) }
        return RecordingGap(
            after: seq, dropped: gaps.reduce(0) { $0.addingSaturated($1.dropped) },
            reason: reasons.isEmpty ? nil : reasons.joined(separator: "; "), line: first.line)
    }

    /// The reducer the recording names.
    public var reducerName: String? { header?.reducer }

    /// The index of the step with `seq`, if there is one.
    public func index(ofSeq seq: Int) -> Int? {
        steps.index(ofSeq: seq)
    }

    /// Parses the entry of step `index` from its line.
    ///
    /// - Parameter index: 0-based position in ``steps``.
    /// - Returns: The entry.
    /// - Throws: ``RecordingError`` when the line is malformed.
    public func entry(at index: Int) throws(RecordingError) -> RecordingEntry {
        let location = steps[index]
        let value = try parseLine(Int(location.lineIndex), seq: location.seq)
        let reader = RecordingLineReader(path: path, line: location.line, bytes: lineBytes(Int(location.lineIndex)))
        return try reader.entry(from: value, seq: location.seq)
    }

    /// The final state from the `end` marker, when there is one holding a state.
    public func endState() throws(RecordingError) -> JSONValue? {
        guard let endLineIndex else { return nil }
        let value = try parseLine(endLineIndex, seq: endSeq)
        return RecordingLineReader.present(value["end"]?["state"])
    }

    /// Reads every entry and the `end` marker, which indexing only skims, and throws the
    /// first problem: what `check` does before it decodes actions.
    ///
    /// A line that can be read without parsing it (``actionText(at:)``, which checks it as
    /// certainly valid JSON with the members an entry needs) is well formed; only the others
    /// are parsed, which finds what is wrong with them, at a fraction of the cost.
    ///
    /// - Throws: ``RecordingError`` for the first malformed line.
    public func validate() throws(RecordingError) {
        try validate(from: 0)
    }

    /// ``validate()`` of the entries from step `first` on, and the `end` marker: the rest of a
    /// recording whose lines before were read.
    ///
    /// The lines are read in blocks on every core (the first problem is still the earliest
    /// line's): `check` of a million shop steps with states spent a second here on one.
    func validate(from first: Int) throws(RecordingError) {
        let block = 4096
        let end = max(first, steps.count)
        let blocks = (end - first + block - 1) / block
        let problems = ParallelMap.map(blocks, cores: ProcessInfo.processInfo.activeProcessorCount) { offsets in
            offsets.map { offset -> RecordingError? in
                let start = first + offset * block
                do throws(RecordingError) {
                    for index in start..<min(start + block, end) where actionText(at: index) == nil {
                        _ = try entry(at: index)
                    }
                    return nil
                } catch {
                    return error
                }
            }
        }
        if let problem = problems.lazy.compactMap({ $0 }).first { throw problem }
        _ = try endState()
    }

    /// Parses one line fully.
    func parseLine(_ lineIndex: Int, seq: Int?) throws(RecordingError) -> JSONValue {
        let range = lines.range(of: lineIndex)
        let line = UnsafeBufferPointer(rebasing: bytes.buffer[range])
        do {
            return try JSONParser.parse(line)
        } catch {
            throw RecordingError(
                .malformed, path: path, line: lineIndex + 1, column: error.column, seq: seq,
                message: error.reason.description)
        }
    }

    /// The bytes of the state recorded with the step at `index`, taken from the line as it
    /// was written, or `nil` when the line holds none.
    ///
    /// For the recorder's lines these are exactly the state's bytes. For a line of another
    /// shape (members after `state`) they may run on past the state, and then they match no
    /// encoding of a single value: use them to confirm that a state is exactly some
    /// encoding, never to read it. The bytes live as long as the recording.
    func recordedStateBytes(at index: Int) -> UnsafeBufferPointer<UInt8>? {
        let line = lineBytes(Int(steps[index].lineIndex))
        guard steps[index].hasState, let range = KnownMembers(line, skippingState: true)?.state else { return nil }
        return UnsafeBufferPointer(rebasing: line[range])
    }

    /// The raw bytes of a line, without its line ending.
    func lineBytes(_ lineIndex: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes.buffer[lines.range(of: lineIndex)])
    }
}

extension [StepLocation] {
    /// The index of the step with `seq`, by binary search (seq increases along the steps).
    func index(ofSeq seq: Int) -> Int? {
        var low = 0
        var high = count - 1
        while low <= high {
            let middle = (low + high) / 2
            if self[middle].seq == seq { return middle }
            if self[middle].seq < seq { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }
}

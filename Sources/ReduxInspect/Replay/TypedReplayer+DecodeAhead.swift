import Foundation

extension TypedReplayer {
    /// How many steps a run must have before its actions are decoded ahead on another
    /// thread: a short run (a step back, a jump to the next checkpoint) would gain less than
    /// starting the thread costs.
    static var decodeAheadThreshold: Int { 4096 }

    /// How many actions a thread decoding ahead decodes at a time: a chunk is weighed only
    /// once decoded, so a small one keeps what large actions hold ahead small (about 50 MB
    /// ahead of the replay for actions of 100 KB, the helper's chunk and the replaying
    /// thread's; four times that with chunks of 1,024), and handing over one costs no more
    /// than a few steps.
    static var decodeAheadChunk: Int { 256 }

    func applyActions(
        of steps: Range<Int>, in recording: Recording, statesCheckedByCaller: Bool,
        fallback: (Int) throws(InspectorError) -> Void,
        after: (Int) throws(InspectorError) -> Bool
    ) throws(InspectorError) -> Bool {
        guard steps.count >= Self.decodeAheadThreshold, ProcessInfo.processInfo.activeProcessorCount > 1 else {
            for step in steps {
                try fallback(step)
                guard try after(step) else { return false }
            }
            return true
        }
        let size = Self.decodeAheadChunk
        // One thread decodes while this one reduces: each has a core of its own on two.
        // Decoding takes longer than reducing (shop actions: ~1 µs against ~0.8 µs), so this
        // thread, rather than wait for the chunk being decoded, decodes the next one. At most
        // three chunks are decoded ahead, and none while the actions waiting hold 16 MiB of
        // text, so that large actions do not pile up, nor many be decoded past a stop.
        let chunks = OrderedChunks(
            count: (steps.count + size - 1) / size, workers: 1, window: 3, overlapsCaller: true, callerHelps: true)
        var step = steps.lowerBound
        do throws(DecodeAheadStop) {
            try chunks.run(
                {
                    // Each thread decodes with a decoder of its own, kept from chunk to chunk,
                    // and notes the step whose action it decodes: the app's `init(from:)` may
                    // trap too, on this thread rather than the one that reduces.
                    let decoder = JSONBytesDecoder()
                    let crashNote = ReplayCrashNote()
                    return { chunk in
                        let start = steps.lowerBound + chunk * size
                        var bytes = 0
                        let actions = (start..<min(start + size, steps.upperBound)).map { step -> Action? in
                            guard let text = recording.actionText(at: step, stateCheckedByCaller: statesCheckedByCaller)
                            else { return nil }
                            bytes += text.count
                            crashNote.note(step, of: recording)
                            return try? decoder.decode(Action.self, fromCertainlyValid: text)
                        }
                        crashNote.clear()
                        return DecodedChunk(actions: actions, textBytes: bytes)
                    }
                },
                // A decoded action holds about what its text does.
                weight: { $0.textBytes },
                consume: { (chunk: DecodedChunk<Action>) throws(DecodeAheadStop) in
                    for action in chunk.actions {
                        let goesOn: Bool
                        do throws(InspectorError) {
                            if let action {
                                noteReplaying(step, of: recording)
                                reduce(action)
                                noteReplayDone()
                            } else {
                                try fallback(step)
                            }
                            goesOn = try after(step)
                        } catch {
                            throw .failed(error)
                        }
                        guard goesOn else { throw .stopped }
                        step += 1
                    }
                })
        } catch {
            switch error {
            case .stopped: return false
            case .failed(let failure): throw failure
            }
        }
        return true
    }
}

/// Actions decoded ahead, `nil` for those left to the caller, and the size of their text.
struct DecodedChunk<Action: Sendable>: Sendable {
    let actions: [Action?]
    let textBytes: Int
}

/// Why a run whose actions were decoded ahead ended early.
enum DecodeAheadStop: Error {
    /// `after` said so.
    case stopped
    /// A step failed.
    case failed(InspectorError)
}

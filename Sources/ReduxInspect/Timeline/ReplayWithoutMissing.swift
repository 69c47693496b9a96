/// Steps whose states are replayed without the actions of entries missing before them: after
/// a gap, up to the next recorded state. A replay cannot know what those actions did, so the
/// states it makes there leave it out, and the change shown at the recorded state that ends
/// the stretch, from a replayed state to a recorded one, holds it, as if that step's action
/// had made it.
public struct ReplayWithoutMissing: Sendable, Equatable {
    /// How many entries are missing before the stretch (and inside it, where gaps follow).
    public let missing: Int
    /// The seq the first missing entry comes after.
    public let afterSeq: Int
    /// How many entries are missing there, before the stretch's first step.
    public let firstMissing: Int
    /// The seqs of the steps replayed without them.
    public let replayed: ClosedRange<Int>
    /// The seq of the step whose recorded state ends the stretch, if one does.
    public let meets: Int?

    /// The steps it covers: those replayed, and the one whose recorded state ends it.
    public var seqs: ClosedRange<Int> { replayed.lowerBound...(meets ?? replayed.upperBound) }

    /// What a warning says of it, after the file's name.
    var sentence: String {
        let entries = missing == 1 ? "1 entry is" : "\(missing) entries are"
        let actions = missing == 1 ? "its action" : "their actions"
        let states =
            replayed.count == 1
            ? "the state of seq \(replayed.lowerBound) is" : "the states of seq \(replayed.lowerBound) to \(replayed.upperBound) are"
        // Several gaps in the stretch: where the first one starts, and the stretch's end.
        let place = missing > firstMissing ? "between seq \(afterSeq) and seq \(replayed.upperBound)" : "after seq \(afterSeq)"
        guard let meets else {
            return "\(entries) missing \(place) with no recorded state since: \(states) replayed without \(actions)"
        }
        return "\(entries) missing \(place) with no recorded state until seq \(meets): \(states) replayed "
            + "without \(actions), and the change shown at seq \(meets) holds what \(missing == 1 ? "it" : "they") did"
    }
}

extension Timeline {
    /// The stretches of steps replayed without the actions of entries missing before them
    /// (``ReplayWithoutMissing``), in order: none where every gap is followed at once by a
    /// recorded state, from which replays start again.
    public var replaysWithoutMissing: [ReplayWithoutMissing] {
        let steps = recording.steps
        var found: [ReplayWithoutMissing] = []
        var next = 0
        for place in recording.placesAfterGaps where place >= next && !hasRecordedState(at: place) {
            let end = replayedStretchEnd(from: place + 1)
            let missing = recording.gaps(before: place..<end).reduce(0) { $0.addingSaturated($1.dropped) }
            guard let gap = recording.gap(before: place) else { continue }
            found.append(
                ReplayWithoutMissing(
                    missing: missing, afterSeq: gap.after, firstMissing: gap.dropped, replayed: steps[place].seq...steps[end - 1].seq,
                    meets: end < steps.count ? steps[end].seq : nil))
            next = end
        }
        return found
    }
}

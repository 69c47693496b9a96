/// The nearest of a few names to one a user typed, for "did you mean …?": a typo in a
/// subcommand, an option, a `step` command or a key.
enum Suggestion {
    /// The candidate closest to `typed` by edits (a letter added, removed, changed, or two
    /// side by side swapped), when it is close enough to be what was meant: at most one edit
    /// for a name of up to four letters, two up to eight, then three; `nil` when none is, or
    /// when two are equally close. Letter case does not count.
    static func closest(to typed: String, among candidates: some Sequence<String>) -> String? {
        let word = Array(typed.lowercased())
        // An option's dashes are no letters of its name: `--pth` is three letters long.
        let letters = word.drop { $0 == "-" }.count
        let limit = letters <= 4 ? 1 : letters <= 8 ? 2 : 3
        var best: (name: String, distance: Int)?
        var tied = false
        for candidate in candidates where candidate != typed {
            let distance = editDistance(word, Array(candidate.lowercased()), limit: limit)
            guard distance <= limit else { continue }
            if let current = best, distance == current.distance {
                tied = tied || current.name != candidate
            } else if best.map({ distance < $0.distance }) ?? true {
                best = (candidate, distance)
                tied = false
            }
        }
        return tied ? nil : best?.name
    }

    /// `" (did you mean 'name'?)"` for the closest candidate, or empty.
    static func didYouMean(_ typed: String, among candidates: some Sequence<String>) -> String {
        closest(to: typed, among: candidates).map { " (did you mean '\(TerminalText.echo($0))'?)" } ?? ""
    }

    /// The optimal string alignment distance between `a` and `b`, or `limit + 1` once it is
    /// known to be more than `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}

extension Predicate {
    /// The paths compared with `==`, `<` and the others (`exists` left out: a path it tests may
    /// rightly be absent), in order of appearance, without repeats.
    ///
    /// When one of them is in no state at all, a predicate that never holds most likely names
    /// the wrong path, or a word meant as a string: `status == active` compares with the path
    /// `active`. `bisect` says so.
    public var comparedPaths: [JSONPath] { paths(countedToo: false, existsToo: false) }

    /// What to say about a compared path that no state has: a bare word on the right of a
    /// comparison whose left side is a path (`status == active`) may have been meant as a
    /// string; on the left it can only be a path.
    public func absentPathHint(_ path: JSONPath) -> String {
        let text = Self.pathText(path)
        if case .key(let word)? = path.components.first, path.components.count == 1,
            word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" }),
            comparesAPath(with: path)
        {
            return "hint: no state has \(text); to compare with the string, write \(JSONValue.string(word).compactText)"
        }
        return "hint: no state has \(text)"
    }

    /// Whether some comparison has a path on its left and `path`, read whole, on its right.
    private func comparesAPath(with path: JSONPath) -> Bool {
        switch self {
        case .comparison(.path, _, .path(let right)), .comparison(.count, _, .path(let right)): right == path
        case .comparison, .exists: false
        case .not(let inner): inner.comparesAPath(with: path)
        case .and(let left, let right), .or(let left, let right):
            left.comparesAPath(with: path) || right.comparesAPath(with: path)
        }
    }
}

extension Predicate {
    /// The paths compared with `==`, `<` and the others (`exists` left out: a path it tests may
    /// rightly be absent), in order of appearance, without repeats.
    ///
    /// When one of them is in no state at all, a predicate that never holds most likely names
    /// the wrong path, or a word meant as a string: `status == active` compares with the path
    /// `active`. `bisect` says so.
    public var comparedPaths: [JSONPath] { paths(countedToo: false, existsToo: false) }

    /// What to say about a compared path that no state has: a bare word may have been meant
    /// as a string.
    public static func absentPathHint(_ path: JSONPath) -> String {
        let text = pathText(path)
        if case .key(let word)? = path.components.first, path.components.count == 1,
            word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" })
        {
            return "hint: no state has \(text); to compare with the string, write \(JSONValue.string(word).compactText)"
        }
        return "hint: no state has \(text)"
    }
}

/// A word of a command line the tool suggests, written so that a POSIX shell (bash, zsh) reads
/// it back unchanged: a path such as `items[id=3]` would otherwise be a glob pattern to zsh.
enum ShellWord {
    /// `word` as it is when it holds only characters no shell treats specially, else in single
    /// quotes, with each `'` in it written `'\''`.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".", "/", ",", ":", "@", "%", "+", "=": true
            default: false
            }
        }
        if plain { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// `path` as a command line takes it: ``quoted(_:)``, and after `./` when it starts with
    /// `-`, which would read as an option.
    static func path(_ path: String) -> String {
        quoted(path.hasPrefix("-") ? "./" + path : path)
    }

    /// ` --reducer NAME`, for a command suggested to a user who gave `--reducer NAME`, which
    /// would otherwise run with the reducer the recording names; empty without one.
    static func reducerOption(_ reducer: String?) -> String {
        reducer.map { " --reducer " + quoted($0) } ?? ""
    }
}

import Redux

/// The line being typed at `step`'s prompt on a terminal, with a shell's editing keys: the
/// arrows move along the line and through the commands typed before (with Ctrl or Alt, or
/// Alt-b and Alt-f, a word at a time), Backspace and Delete remove a character, Ctrl-A /
/// Ctrl-E go to the start and the end, Ctrl-U, Ctrl-K and Ctrl-W remove what is before the
/// cursor, after it, or the word before it, Tab completes the word before the cursor
/// (from what ``StepCompletion`` offers), and Ctrl-R searches the commands typed before for a
/// text, as a shell does (``HistorySearch``).
///
/// Only the text and the cursor are kept here, as a value that keys change one at a time;
/// ``TerminalLineReader`` reads the keys (``KeyDecoder``) and draws the line.
struct LineEditor {
    /// A key, decoded from what the terminal sends.
    enum Key: Equatable {
        /// A character to put in at the cursor.
        case insert(Unicode.Scalar)
        /// A character to put in at the cursor as its escape (`\u200b`), as JSON text is
        /// printed with it.
        case insertEscape(of: Unicode.Scalar)
        case enter, backspace, deleteForward
        case left, right, home, end, up, down
        /// Alt-b and Alt-f, Ctrl or Alt with an arrow.
        case wordLeft, wordRight
        /// Ctrl-U, Ctrl-K, Ctrl-W.
        case killToStart, killToEnd, deleteWordBack
        /// Ctrl-C: drop the line.
        case cancel
        /// Ctrl-D: the end of input on an empty line, else Delete.
        case endOfInput
        /// Ctrl-Z: suspend, as the terminal does for other programs.
        case suspend
        /// Ctrl-L: clear the screen and draw the line again.
        case clearScreen
        /// Tab: complete the word before the cursor.
        case complete
        /// Ctrl-R: search the history for an older line holding a text, or the next older one.
        case searchBackward
        /// Ctrl-S, while searching: the next newer line holding the text.
        case searchForward
        /// Ctrl-G: stop searching and give back the line as it was before.
        case abort
        /// A key that does nothing here (an unknown escape sequence).
        case ignored
    }

    /// What a key did.
    enum Outcome: Equatable {
        /// The line changed, or the cursor moved: draw it again.
        case edited
        /// A character was typed at the end of the line: writing it is enough.
        case appended(Character)
        /// Enter: the line is done.
        case submitted(String)
        /// Ctrl-C: the line was dropped.
        case cancelled
        /// Ctrl-D on an empty line: no more input.
        case ended
        case suspend
        case clearScreen
        /// Tab: the reader asks what the word before the cursor may become, and passes it to
        /// ``complete(with:)``.
        case completionRequested
        /// Several words fit and none is longer in common: show them, then the line again.
        case listed([String])
        /// Nothing to do.
        case unchanged
    }

    /// What the word before the cursor may become.
    struct Completion: Equatable {
        /// Where the word starts, in characters of the line.
        let start: Int
        /// The words it may become, whole; none when nothing fits.
        let words: [String]
        /// What follows a word that is the only one to fit (a space after a command's name).
        let suffix: String
    }

    /// The characters typed, and where the cursor is among them.
    private(set) var line: [Character] = []
    private(set) var cursor = 0
    /// The lines submitted, oldest first, without an empty one or one repeated right after
    /// itself; at most ``historyLimit``.
    private(set) var history: [String] = []
    /// Which line of the history is shown while the arrows browse it, and the line being
    /// typed before browsing began, given back when browsing goes past the newest.
    private var browsing: Int?
    private var draft: [Character] = []
    /// The search of the history under way, begun with Ctrl-R; `nil` while editing.
    private(set) var search: HistorySearch?
    /// The text the last search looked for, which Ctrl-R looks for again when typed twice.
    private var lastSearched = ""

    static let historyLimit = 1000

    /// The line as text.
    var text: String { String(line) }

    /// The line up to the cursor, as its characters are held here: what Tab completes. (Made
    /// into a `String` again, a character typed before a combining mark could join it.)
    var charactersBeforeCursor: [Character] { Array(line[..<cursor]) }

    /// Starts a new, empty line; the history stays.
    mutating func startLine() {
        line = []
        cursor = 0
        browsing = nil
        draft = []
        search = nil
    }

    /// Applies one key.
    mutating func handle(_ key: Key) -> Outcome {
        // A key that does not search ends the search, keeping the line found, and then does
        // what it does, as in a shell: Enter runs the line found, an arrow starts editing it.
        if search != nil {
            if let outcome = handleSearching(key) { return outcome }
            // The search's prompt is gone: the whole line is drawn again.
            switch handle(key) {
            case .unchanged, .appended: return .edited
            case let outcome: return outcome
            }
        }
        switch key {
        case .insert(let scalar):
            // A combining mark joins the character before it, as the terminal shows it.
            if cursor > 0, var joined = Optional(String(line[cursor - 1])) {
                joined.unicodeScalars.append(scalar)
                if joined.count == 1 {
                    line[cursor - 1] = Character(joined)
                    return .edited
                }
            }
            line.insert(Character(scalar), at: cursor)
            cursor += 1
            if cursor == line.count { return .appended(Character(scalar)) }
        case .insertEscape(let scalar):
            let escape = Array(PathText.escapingNonASCII(String(scalar)))
            line.insert(contentsOf: escape, at: cursor)
            cursor += escape.count
        case .enter:
            let submitted = text
            if !submitted.allSatisfy(\.isWhitespace), submitted != history.last {
                history.append(submitted)
                if history.count > Self.historyLimit { history.removeFirst() }
            }
            startLine()
            return .submitted(submitted)
        case .backspace:
            guard cursor > 0 else { return .unchanged }
            cursor -= 1
            line.remove(at: cursor)
        case .deleteForward:
            guard cursor < line.count else { return .unchanged }
            line.remove(at: cursor)
        case .endOfInput:
            if line.isEmpty { return .ended }
            return handle(.deleteForward)
        case .left:
            guard cursor > 0 else { return .unchanged }
            cursor -= 1
        case .right:
            guard cursor < line.count else { return .unchanged }
            cursor += 1
        case .wordLeft:
            guard cursor > 0 else { return .unchanged }
            while cursor > 0, line[cursor - 1].isWhitespace { cursor -= 1 }
            while cursor > 0, !line[cursor - 1].isWhitespace { cursor -= 1 }
        case .wordRight:
            guard cursor < line.count else { return .unchanged }
            while cursor < line.count, line[cursor].isWhitespace { cursor += 1 }
            while cursor < line.count, !line[cursor].isWhitespace { cursor += 1 }
        case .home: cursor = 0
        case .end: cursor = line.count
        case .up:
            let index = (browsing ?? history.count) - 1
            guard index >= 0 else { return .unchanged }
            if browsing == nil { draft = line }
            show(Array(history[index]), browsing: index)
        case .down:
            guard let index = browsing else { return .unchanged }
            if index + 1 < history.count {
                show(Array(history[index + 1]), browsing: index + 1)
            } else {
                show(draft, browsing: nil)
            }
        case .killToStart:
            line.removeSubrange(0..<cursor)
            cursor = 0
        case .killToEnd:
            line.removeSubrange(cursor...)
        case .deleteWordBack:
            var start = cursor
            while start > 0, line[start - 1].isWhitespace { start -= 1 }
            while start > 0, !line[start - 1].isWhitespace { start -= 1 }
            line.removeSubrange(start..<cursor)
            cursor = start
        case .cancel:
            startLine()
            return .cancelled
        case .suspend: return .suspend
        case .clearScreen: return .clearScreen
        case .complete: return .completionRequested
        case .searchBackward: beginSearch()
        case .searchForward, .abort, .ignored: return .unchanged
        }
        return .edited
    }

    /// Puts in what the completion offers: the only word that fits, with its suffix, or as
    /// much as all the words that fit have in common, as a shell does.
    ///
    /// - Returns: `.edited` when the line changed; `.listed` when several words fit and
    ///   nothing more can be put in; `.unchanged` when nothing fits or the word is complete.
    mutating func complete(with completion: Completion) -> Outcome {
        guard completion.start <= cursor, !completion.words.isEmpty else { return .unchanged }
        let typed = line[completion.start..<cursor]
        let replacement: [Character]
        if completion.words.count == 1 {
            replacement = Array(completion.words[0] + completion.suffix)
            // Already there, suffix and all: nothing to add.
            if line[completion.start...].starts(with: replacement) { return .unchanged }
        } else {
            var common = Array(completion.words[0])
            for word in completion.words.dropFirst() {
                common = Array(zip(common, word).prefix { $0 == $1 }.map(\.0))
            }
            // More in common than typed (`rev` → `reverse-`), or the words' common start in
            // another form (`con` → `["content-`, for keys that are not names).
            guard common.count > typed.count, !typed.starts(with: common) else { return .listed(completion.words) }
            replacement = common
        }
        line.replaceSubrange(completion.start..<cursor, with: replacement)
        cursor = completion.start + replacement.count
        return .edited
    }

    private mutating func show(_ characters: [Character], browsing index: Int?) {
        line = characters
        cursor = characters.count
        browsing = index
    }

    private mutating func beginSearch() {
        search = HistorySearch(original: line, cursor: cursor)
    }

    /// Applies a key while searching the history; `nil` when the key ends the search, and is
    /// then to do what it does while editing.
    private mutating func handleSearching(_ key: Key) -> Outcome? {
        guard var search else { return nil }
        switch key {
        case .insert(let scalar):
            search.query.unicodeScalars.append(scalar)
            // The line found may hold the longer text too.
            showFound(search.find(in: history, from: search.match ?? history.count - 1))
        case .insertEscape(let scalar):
            search.query += PathText.escapingNonASCII(String(scalar))
            showFound(search.find(in: history, from: search.match ?? history.count - 1))
        case .backspace:
            guard !search.query.isEmpty else { return .unchanged }
            search.query.removeLast()
            search.restart()
            if search.query.isEmpty {
                show(search.original, cursor: search.originalCursor)
            } else {
                showFound(search.find(in: history, from: history.count - 1))
            }
        case .searchBackward:
            if search.query.isEmpty {
                // Ctrl-R twice: the text looked for last time.
                guard !lastSearched.isEmpty else { return .unchanged }
                search.query = lastSearched
                showFound(search.find(in: history, from: history.count - 1))
            } else {
                showFound(search.find(in: history, from: (search.match ?? history.count) - 1))
            }
        case .searchForward:
            guard let match = search.match else { return .unchanged }
            showFound(search.find(in: history, from: match + 1, forward: true))
        case .abort:
            show(search.original, cursor: search.originalCursor)
            self.search = nil
            return .edited
        case .enter where line.isEmpty:
            // Nothing found, and nothing typed before: an empty line would repeat the last
            // command, which is not what was asked for.
            self.search = nil
            return .edited
        case .clearScreen:
            return .clearScreen
        case .ignored:
            return .unchanged
        default:
            if !search.query.isEmpty { lastSearched = search.query }
            self.search = nil
            // The arrows go on from the line found, and back down to the line typed before.
            browsing = search.match
            draft = search.original
            return nil
        }
        self.search = search
        return .edited
    }

    private mutating func showFound(_ found: (line: [Character], cursor: Int)?) {
        if let found { show(found.line, cursor: found.cursor) }
    }

    private mutating func show(_ characters: [Character], cursor: Int) {
        line = characters
        self.cursor = cursor
    }

    /// The prompt shown before the line: `prompt`, or while searching the search's, with as
    /// much of the text looked for as leaves the line 8 columns of a row `width` wide.
    private func shownPrompt(_ prompt: String, width: Int?) -> String {
        guard let search else { return prompt }
        var query = Array(search.query)
        var shown = search.prompt(showing: search.query)
        while let width, !query.isEmpty, Self.room(after: shown, width: width) < 8 {
            query.removeFirst()
            shown = search.prompt(showing: "…" + String(query))
        }
        return shown
    }

    /// How many terminal columns the characters take: two for a wide (East Asian, emoji)
    /// character, one for the others.
    static func columns(_ characters: ArraySlice<Character>) -> Int {
        characters.reduce(0) { $0 + columns($1) }
    }

    /// How many terminal columns one character takes.
    private static func columns(_ character: Character) -> Int {
        isWide(character) ? 2 : 1
    }

    /// Whether the characters take more than `limit` columns; it looks no further than
    /// `limit + 1` of them, so that a line of thousands of characters (pasted) costs each key
    /// the width of the terminal, not the length of the line.
    static func exceed(_ characters: ArraySlice<Character>, _ limit: Int) -> Bool {
        guard limit >= 0 else { return true }
        var total = 0
        for character in characters {
            total += columns(character)
            if total > limit { return true }
        }
        return false
    }

    private static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        // An emoji, or a character asked to show as one (U+FE0F after it, as in ❤️).
        if scalar.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}") { return true }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// What to write to draw the line after `prompt`, from the start of the terminal's line,
    /// leaving the cursor where it is in the text. The line holds no control character
    /// (``KeyDecoder`` lets none in), so it is written as it is.
    ///
    /// On a terminal `width` columns wide, a line too long for the row after the prompt is
    /// shown in part, the part around the cursor, so that it never wraps: a wrapped line
    /// could not be drawn again from the start of its row.
    func drawing(after prompt: String, width: Int? = nil) -> String {
        let prompt = shownPrompt(prompt, width: width)
        var start = 0
        var end = line.count
        if let width, case let room = Self.room(after: prompt, width: width), room >= 8, Self.exceed(line[...], room) {
            // The cursor a little in from the right edge, or as far right as the end allows;
            // the columns shown are added up as the window grows, a character at a time.
            start = cursor
            var shown = 0
            while start > 0, shown + Self.columns(line[start - 1]) <= room - 4 {
                start -= 1
                shown += Self.columns(line[start])
            }
            end = cursor
            while end < line.count, shown + Self.columns(line[end]) <= room {
                shown += Self.columns(line[end])
                end += 1
            }
            while start > 0, shown + Self.columns(line[start - 1]) <= room {
                start -= 1
                shown += Self.columns(line[start])
            }
        }
        var text = "\r" + prompt + String(line[start..<end]) + "\u{1B}[K"
        let after = Self.columns(line[cursor..<end])
        if after > 0 { text += "\u{1B}[\(after)D" }
        return text
    }

    /// Whether the line, after `prompt`, fits in a row of `width` columns (`nil`: any row).
    func fits(after prompt: String, width: Int?) -> Bool {
        guard let width else { return true }
        return !Self.exceed(line[...], Self.room(after: shownPrompt(prompt, width: width), width: width))
    }

    /// The columns left for the line after `shownPrompt` in a row `width` wide, the last
    /// one, where the cursor waits at the end, left out.
    private static func room(after shownPrompt: String, width: Int) -> Int {
        width - columns(Array(shownPrompt)[...]) - 1
    }
}

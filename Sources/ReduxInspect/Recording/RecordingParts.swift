/// The first line of a recording: what it is and where it starts.
public struct RecordingHeader: Sendable, Equatable {
    /// The format version; only 1 is known.
    public var version: Int
    /// The reducer the recording was made with, which picks the one to replay with.
    public var reducer: String?
    /// The app's name, for people.
    public var app: String?
    /// When recording started, as written.
    public var started: String?
    /// The state before the first action.
    public var initialState: JSONValue?
    /// The header's line number.
    public var line: Int
}

/// One recorded action, read from its line.
public struct RecordingEntry: Sendable, Equatable {
    /// The entry's number: from `seq`, or its position for hand-written lines without one.
    public var seq: Int
    /// The action's case name: from `type`, or the action's only key.
    public var type: String
    /// The action as encoded by the app.
    public var action: JSONValue
    /// The state after the action, when the recording holds it.
    public var state: JSONValue?
    /// When the action was dispatched, as written.
    public var time: String?
    /// Reducer time in microseconds.
    public var microseconds: Int?
    /// The line number in the file.
    public var line: Int
}

/// A place where entries are missing: a `gap` marker, or a jump in `seq`.
public struct RecordingGap: Sendable, Equatable {
    /// The `seq` after which entries are missing.
    public var after: Int
    /// How many are missing.
    public var dropped: Int
    /// Why, when the recording says.
    public var reason: String?
    /// The line of the marker, or of the first entry after the jump.
    public var line: Int
}

/// Where one entry is, found while indexing. Kept small: a million steps cost a few
/// dozen megabytes of index, whatever the size of the states.
public struct StepLocation: Sendable, Equatable, BitwiseCopyable {
    /// The entry's `seq`.
    public var seq: Int
    /// The 0-based line number in the file.
    var lineIndex: Int32
    /// Whether the line has a `state` member.
    public var hasState: Bool
    /// Where the action starts on the line, when the index found the members before the state
    /// to be ones the differ's check accepts (``RecordedLine/init(_:checked:)``); 0 otherwise.
    /// On a line of the recorder's shape without a `state` member (``checkedStateStart`` 0),
    /// where the action starts when every member is one those checks accept, so that the
    /// whole line is certainly valid JSON (``Recording/actionText(at:)``).
    ///
    /// This and ``checkedStateStart`` fill the bytes that `hasState` leaves spare before the
    /// next location (the stride stays 16 bytes), so their offsets are kept only when they fit.
    var checkedActionStart: UInt8 = 0
    /// Where the state starts on the line, under the same condition as ``checkedActionStart``;
    /// 0 otherwise.
    var checkedStateStart: UInt16 = 0
    /// The line number in the file (1-based), for messages.
    public var line: Int { Int(lineIndex) + 1 }
}

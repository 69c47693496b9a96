import Foundation

/// The top-level members of a line that the indexer looks at: the value of the first member
/// with each of these keys (written without escapes), found in one skim of the line by
/// ``TopLevelMembers/scan(_:_:)``, which also decides whether the line is well formed.
struct KnownMembers {
    var action: Range<Int>?
    var format: Range<Int>?
    var version: Range<Int>?
    var gap: Range<Int>?
    var end: Range<Int>?
    var seq: Range<Int>?
    var state: Range<Int>?

    /// The members of `line`, or `nil` when it is not a well-formed object.
    init?(_ line: UnsafeBufferPointer<UInt8>) {
        guard let base = line.baseAddress else { return nil }
        var found = KnownMembers()
        let wellFormed = TopLevelMembers.scan(line) { key, value in
            // Safe: `key` lies inside `line`, which the caller keeps alive during this init.
            found.note(key: UnsafeBufferPointer(start: base + key.lowerBound, count: key.count), value)
        }
        guard wellFormed else { return nil }
        self = found
    }

    private init() {}

    /// Keeps `value` when `key` is one of the names and the first with it.
    @inline(__always)
    private mutating func note(key: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) {
        @inline(__always)
        func matches(_ name: StaticString) -> Bool {
            memcmp(key.baseAddress!, name.utf8Start, name.utf8CodeUnitCount) == 0
        }
        switch key.count {
        case 3:
            if matches("seq") {
                if seq == nil { seq = value }
            } else if matches("gap") {
                if gap == nil { gap = value }
            } else if matches("end") {
                if end == nil { end = value }
            }
        case 5:
            if state == nil, matches("state") { state = value }
        case 6:
            if matches("action") {
                if action == nil { action = value }
            } else if format == nil, matches("format") {
                format = value
            }
        case 7:
            if version == nil, matches("version") { version = value }
        default:
            break
        }
    }
}

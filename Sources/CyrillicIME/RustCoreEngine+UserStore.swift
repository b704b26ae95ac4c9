import CCyrillicIMECore

/// The user store through the core (docs/LEARNING.md, docs/FFI.md "Learning and the user
/// dictionary"): what the writer commits is learned, and the writer's own words are kept.
/// Every change is saved by the core before the call returns. Nothing leaves the device.
extension RustCoreEngine {
    /// Opens (or creates) the store in `directory`, replacing the one open before. A damaged
    /// file is set aside and that half starts fresh; an unwritable place keeps learning in
    /// memory only: both are `warnings` of the result, not errors.
    @discardableResult
    public func openUserStore(atDirectory directory: String) throws(UserStoreError) -> UserStoreInfo {
        let json = directory.withCString { Self.takeString(rust_open_user_store($0)) }
        return try UserStoreAnswer.decode(UserStoreInfo.self, from: json)
    }

    /// The open store as it is now (what it holds after the changes since it opened), or
    /// nil when none is open.
    public func userStoreInfo() -> UserStoreInfo? {
        try? UserStoreAnswer.decode(UserStoreInfo.self, from: Self.takeString(rust_user_store_info()))
    }

    /// Closes the store: conversion goes on without learning.
    public func closeUserStore() {
        _ = Self.takeString(rust_close_user_store())
    }

    /// The writer committed `segments` (reading → text, in order) for `reading`, after
    /// `context` (what stood before it: the choice is also remembered after that word, the
    /// history bigram). Returns the core's warnings (a failed save, for one); an error means
    /// nothing was learned.
    @discardableResult
    public func learn(
        reading: String, segments: [UserStoreRequest.Segment], context: ConversionContext = .none
    ) -> Result<[String], UserStoreError> {
        let request = UserStoreRequest.json(UserStoreRequest.Learn(reading: reading, segments: segments, context: context.payload))
        let json = request.withCString { Self.takeString(rust_learn($0)) }
        return Result { () throws(UserStoreError) in try UserStoreAnswer.decode(UserStoreAnswer.Saved.self, from: json).warnings ?? [] }
    }

    /// Adds a word of the writer's own (reading in hiragana → text); returns the word list.
    @discardableResult
    public func addUserWord(reading: String, text: String) throws(UserStoreError) -> [UserWord] {
        try userWords(UserStoreRequest.Words(action: "add", reading: reading, text: text))
    }

    /// Removes a word of the writer's own; returns the word list.
    @discardableResult
    public func removeUserWord(reading: String, text: String) throws(UserStoreError) -> [UserWord] {
        try userWords(UserStoreRequest.Words(action: "remove", reading: reading, text: text))
    }

    /// The writer's own words.
    public func userWords() throws(UserStoreError) -> [UserWord] {
        try userWords(UserStoreRequest.Words(action: "list", reading: nil, text: nil))
    }

    private func userWords(_ request: UserStoreRequest.Words) throws(UserStoreError) -> [UserWord] {
        let json = UserStoreRequest.json(request).withCString { Self.takeString(rust_user_words($0)) }
        return try UserStoreAnswer.decode(UserStoreAnswer.WordList.self, from: json).words
    }

    /// Forgets everything learned (and with `includingWords` the writer's words too);
    /// returns how many entries went.
    @discardableResult
    public func forgetEverything(includingWords: Bool = false) throws(UserStoreError) -> Int {
        try forget(UserStoreRequest.Forget(all: true, words: includingWords, reading: nil, text: nil))
    }

    /// Forgets one learned choice (reading → text); returns how many entries went.
    @discardableResult
    public func forget(reading: String, text: String) throws(UserStoreError) -> Int {
        try forget(UserStoreRequest.Forget(all: nil, words: nil, reading: reading, text: text))
    }

    /// Forgets every choice learned for `reading` (katakana and hiragana alike), and the
    /// phrases holding one; returns how many entries went.
    @discardableResult
    public func forget(reading: String) throws(UserStoreError) -> Int {
        try forget(UserStoreRequest.Forget(all: nil, words: nil, reading: reading, text: nil))
    }

    private func forget(_ request: UserStoreRequest.Forget) throws(UserStoreError) -> Int {
        let json = UserStoreRequest.json(request).withCString { Self.takeString(rust_forget($0)) }
        return try UserStoreAnswer.decode(UserStoreAnswer.Forgotten.self, from: json).forgotten
    }
}

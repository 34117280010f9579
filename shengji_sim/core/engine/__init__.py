"""A hand and a match as kernels: the deal and declaring (:mod:`.deal_nb`), a whole hand and lanes
of hands (:mod:`.game_nb`; a lane's buffers and row columns :mod:`.lane_nb`, one trick
:mod:`.play_trick_nb` and its follows :mod:`.play_follow_nb`), a match (:mod:`.match_nb`), and
diff's shadow evaluation of a second reading (:mod:`.shadow_nb`, :mod:`.diff_nb`)."""
